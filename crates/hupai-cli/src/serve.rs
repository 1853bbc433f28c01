//! `hupai serve`: the game server (tables for people and bots, records in SQLite or
//! PostgreSQL).

use std::net::SocketAddr;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use hupai_server::limits::Limits;
use hupai_server::{Config, Server};

/// Arguments of `hupai serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Where to listen for HTTP and WebSocket.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// The records: a SQLite file (created on first start) or a postgres:// URL.
    #[arg(long, default_value = "hupai.db")]
    pub db: String,
    /// Where to listen for external mjai bots (TCP), e.g. 127.0.0.1:11600.
    #[arg(long)]
    pub mjai_addr: Option<SocketAddr>,
    /// This node's name, when several servers share one PostgreSQL database.
    #[arg(long)]
    pub node: Option<String>,
    /// The address clients are given in links (default http://ADDR).
    #[arg(long)]
    pub public_url: Option<String>,
    /// A web origin allowed to open the WebSocket besides the server's own (repeatable; * for any).
    #[arg(long = "origin")]
    pub origins: Vec<String>,
    /// Seconds a node's ownership of a table lasts without renewal.
    #[arg(long, default_value_t = 15)]
    pub lease_s: u64,
    /// Let table creators choose the seed (tests and reproducible demos only: a seed known in
    /// advance fixes every wall).
    #[arg(long, hide = true)]
    pub allow_seed: bool,
    /// The directory of model files that tables may seat as bot:model:FILE (FILE inside it,
    /// e.g. --models models and bot:model:models/riichi-clone-search.onnx); without it
    /// model bots are refused.
    #[arg(long, value_name = "DIR")]
    pub models: Option<std::path::PathBuf>,
    /// Open connections (WebSocket and mjai) one address may hold: raise it behind a proxy
    /// that connects for everybody, or for a load test from one machine.
    #[arg(long, default_value_t = Limits::default().connections_per_address)]
    pub connections_per_address: usize,
    /// Tables one address may create per minute.
    #[arg(long, default_value_t = Limits::default().tables_per_minute)]
    pub tables_per_minute: u32,
    /// Messages a connection may send per second on average (and three seconds' worth at once).
    #[arg(long, default_value_t = Limits::default().messages_per_second)]
    pub messages_per_second: f64,
    /// Milliseconds a busy WebSocket connection's frames that ask nothing of it (the others'
    /// moves) may wait to go out with its next prompt (0: each at once; at most 1000).
    #[arg(long, default_value_t = 10)]
    pub hold_ms: u64,
}

/// Runs `hupai serve` until interrupted.
pub fn run(args: ServeArgs) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async move {
        let mut config = Config::new(args.addr, &args.db);
        config.mjai_addr = args.mjai_addr;
        if let Some(node) = args.node {
            config.node = node;
        }
        config.public_url = args.public_url;
        config.origins = args.origins;
        config.lease = std::time::Duration::from_secs(args.lease_s.max(3));
        config.allow_seed = args.allow_seed;
        config.models = args.models;
        if args.hold_ms > 1_000 {
            anyhow::bail!("--hold-ms: at most 1000 (a held frame is another player's move)");
        }
        config.hold = std::time::Duration::from_millis(args.hold_ms);
        config.limits.connections_per_address = args.connections_per_address;
        config.limits.tables_per_minute = args.tables_per_minute;
        if args.messages_per_second.is_nan() || args.messages_per_second <= 0.0 {
            anyhow::bail!("--messages-per-second: more than 0");
        }
        config.limits.messages_per_second = args.messages_per_second;
        config.limits.message_burst = 3.0 * args.messages_per_second;
        let server = Server::start(config).await.context("hupai serve")?;
        println!("hupai serve: open http://{}/", server.addr);
        if let Some(m) = server.mjai_addr {
            println!("hupai serve: mjai bots connect to {m}");
        }
        println!("hupai serve: records in {}", args.db);
        for m in server.state.models.served() {
            let offered = if m.presets.is_empty() {
                "no preset: its file names no rules".to_string()
            } else {
                m.presets.join(", ")
            };
            println!("hupai serve: bot:{} ({offered})", m.spec);
        }
        for (file, why) in server.state.models.skipped() {
            eprintln!("hupai serve: {} is not served: {why}", file.display());
        }
        use std::io::Write;
        let _ = std::io::stdout().flush();
        tokio::signal::ctrl_c().await.context("waiting for Ctrl-C")?;
        Ok(ExitCode::SUCCESS)
    })
}
