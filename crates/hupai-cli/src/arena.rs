//! `hupai arena`: seeded self-play between agents, with metrics, JSON and a Markdown report.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use hupai_ai::arena::{run_arena, ArenaConfig, Entrant, Length};
use hupai_ai::report::write_report;

/// Arguments of `hupai arena`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("length").required(true).args(["games", "hands"])))]
pub struct ArenaArgs {
    /// Rule set: a preset (riichi, riichi-majsoul, mcr, chinese, laizi, sichuan,
    /// sichuan-xueliu, sichuan-exchange, hongkong, guangdong, wuhan; three players: sanma,
    /// sanma-majsoul) or a TOML file.
    #[arg(long, default_value = "riichi")]
    pub rules: String,
    /// The agents in seat order, one a seat, comma-separated (one seats it at every seat):
    /// search, search(budget_ms=10), defensive, defensive(fold=2,threat=0.5), efficiency,
    /// random, tsumogiri, model:FILE.onnx, mjai:COMMAND [default: defensive, then efficiency
    /// at every other seat].
    #[arg(long)]
    pub agents: Option<String>,
    /// Play every wall once for each seat (four times, three at three players) with the agents
    /// rotated through the seats.
    #[arg(long)]
    pub duplicate: bool,
    /// Number of full games.
    #[arg(long)]
    pub games: Option<u64>,
    /// Number of single hands.
    #[arg(long)]
    pub hands: Option<u64>,
    /// Seed every wall derives from.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Games played at once when an agent answers in batches (`model:FILE.onnx`: one network
    /// call for all their open decisions); 0 asks it one decision at a time.
    #[arg(long, default_value_t = 256)]
    pub batch: usize,
    /// Directory for one log per game or hand.
    #[arg(long)]
    pub log: Option<PathBuf>,
    /// Print the result as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Write a Markdown report with SVG plots to this file.
    #[arg(long)]
    pub report: Option<PathBuf>,
    #[command(flatten)]
    pub bots: crate::agents::BotArgs,
}

/// Runs `hupai arena`.
pub fn run(args: ArenaArgs) -> anyhow::Result<ExitCode> {
    let rules = crate::rules_arg::load(&args.rules)?;
    let options = args.bots.options();
    let seats = rules.seats().count();
    let default = format!("defensive{}", ",efficiency".repeat(seats - 1));
    let specs = crate::agents::seated(args.agents.as_deref().unwrap_or(&default), seats)?;
    let entrants: Vec<Entrant> =
        specs.into_iter().map(|spec| Entrant::spec(spec, options)).collect();
    let mut config = ArenaConfig::new(rules, entrants, args.seed);
    config.duplicate = args.duplicate;
    config.length = match (args.games, args.hands) {
        (Some(g), _) => Length::Games(g),
        (None, Some(h)) => Length::Hands(h),
        (None, None) => anyhow::bail!("give --games N or --hands N"),
    };
    config.threads = args.threads;
    config.batch = args.batch;
    config.log_dir = args.log.clone();
    let total = args.games.or(args.hands).unwrap_or(0);
    let bar = if std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(total);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {pos}/{len} ({per_sec}, eta {eta})",
        ) {
            bar.set_style(style);
        }
        Some(bar)
    } else {
        None
    };
    let progress = |n: u64| {
        if let Some(b) = &bar {
            b.inc(n);
        }
    };
    let result = run_arena(&config, &progress)?;
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    if let Some(path) = &args.report {
        let command: Vec<String> = std::env::args().collect();
        write_report(&result, path, &command.join(" "))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if args.json {
        println!("{}", result.to_json());
    } else {
        print!("{}", hupai_ai::report::table(&result));
    }
    Ok(ExitCode::SUCCESS)
}
