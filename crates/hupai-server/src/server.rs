//! The server: opens its store, takes back the tables a crash left, and listens for HTTP and
//! WebSocket (and, when asked, for mjai bots over TCP).

use std::net::SocketAddr;
use std::sync::Arc;

use crate::config::Config;
use crate::models::ModelDir;
use crate::state::{leases, State};
use crate::store::{Store, StoreError};
use crate::transport;

/// A running server.
pub struct Server {
    /// The shared state.
    pub state: Arc<State>,
    /// Where it listens (HTTP and WebSocket).
    pub addr: SocketAddr,
    /// Where it listens for mjai bots.
    pub mjai_addr: Option<SocketAddr>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server").field("addr", &self.addr).finish()
    }
}

/// Why the server cannot start.
#[derive(Debug)]
pub enum StartError {
    /// The store.
    Store(StoreError),
    /// A listener.
    Listen(std::io::Error),
    /// The model directory.
    Models(std::path::PathBuf, std::io::Error),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Store(e) => write!(f, "the store: {e}"),
            StartError::Listen(e) => write!(f, "cannot listen: {e}"),
            StartError::Models(dir, e) => write!(f, "the model directory {}: {e}", dir.display()),
        }
    }
}

impl std::error::Error for StartError {}

impl Server {
    /// Opens the store, takes over the unfinished tables whose lease ran out (rebuilding
    /// each from its seed and answers), and starts listening. Returns once it listens.
    pub async fn start(config: Config) -> Result<Server, StartError> {
        let models = match config.models.clone() {
            Some(dir) => {
                // Reading the models compiles their networks: off the async threads.
                let read = tokio::task::spawn_blocking({
                    let dir = dir.clone();
                    move || ModelDir::new(&dir)
                })
                .await
                .unwrap_or_else(|e| Err(std::io::Error::other(e.to_string())));
                read.map_err(|e| StartError::Models(dir, e))?
            }
            None => ModelDir::none(),
        };
        let store = Store::open(&config.db).await.map_err(StartError::Store)?;
        let listener =
            tokio::net::TcpListener::bind(config.addr).await.map_err(StartError::Listen)?;
        let addr = listener.local_addr().map_err(StartError::Listen)?;
        let mjai = match config.mjai_addr {
            Some(a) => Some(tokio::net::TcpListener::bind(a).await.map_err(StartError::Listen)?),
            None => None,
        };
        let mjai_addr = match &mjai {
            Some(l) => Some(l.local_addr().map_err(StartError::Listen)?),
            None => None,
        };
        let mut config = config;
        config.addr = addr;
        // Links name the addresses bound (a port 0 asked for any).
        config.mjai_addr = mjai_addr;
        let state = Arc::new(State::new(config, store, models));
        state.take_over(true).await.map_err(StartError::Store)?;
        tokio::spawn(leases(Arc::clone(&state)));
        let app = transport::router(Arc::clone(&state));
        tokio::spawn(async move {
            use axum::serve::ListenerExt;
            let service = app.into_make_service_with_connect_info::<SocketAddr>();
            // TCP_NODELAY: an event and the prompt after it are separate frames, and without it
            // the second waits for the client's delayed ACK of the first (40 ms on Linux).
            let listener = listener.tap_io(|tcp| {
                let _ = tcp.set_nodelay(true);
            });
            if let Err(e) = axum::serve(listener, service).await {
                eprintln!("hupai serve: {e}");
            }
        });
        if let Some(listener) = mjai {
            tokio::spawn(transport::mjai_tcp::listen(Arc::clone(&state), listener));
        }
        Ok(Server { state, addr, mjai_addr })
    }
}
