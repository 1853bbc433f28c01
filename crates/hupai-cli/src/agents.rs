//! Agent specs on the command line: `--agents` lists and the options of external bots.

use std::time::Duration;

use clap::{Args, ValueEnum};
use hupai_ai::mjai_process::Replies;
use hupai_ai::{AgentSpec, BuildOptions};

/// How external (`mjai:COMMAND`) bots are run.
#[derive(Debug, Args)]
pub struct BotArgs {
    /// Seconds an external bot may take per decision; a late reply gets the default action.
    #[arg(long, default_value_t = 10.0)]
    pub bot_timeout: f64,
    /// When external bots reply: after every event (the classic mjai protocol), or only when
    /// they can act (as Mortal's mjai.py does).
    #[arg(long, value_enum, default_value = "every-event")]
    pub mjai_replies: MjaiReplies,
}

/// When external bots reply.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum MjaiReplies {
    /// One reply line per event.
    EveryEvent,
    /// A reply only when the seat can act.
    WhenAble,
}

impl BotArgs {
    /// The build options they give.
    pub fn options(&self) -> BuildOptions {
        BuildOptions {
            bot_timeout: Duration::from_secs_f64(self.bot_timeout.clamp(0.001, 3600.0)),
            replies: match self.mjai_replies {
                MjaiReplies::EveryEvent => Replies::EveryEvent,
                MjaiReplies::WhenAble => Replies::WhenAble,
            },
        }
    }
}

/// The agent specs of a table of `seats` players, from a list of one (seated at every seat)
/// or one per seat.
pub fn seated(text: &str, seats: usize) -> anyhow::Result<Vec<AgentSpec>> {
    let specs = AgentSpec::parse_list(text)?;
    match specs.len() {
        1 => Ok(vec![specs[0].clone(); seats]),
        n if n == seats => Ok(specs),
        n => anyhow::bail!("--agents takes one or {seats} agents (one a seat), got {n}"),
    }
}
