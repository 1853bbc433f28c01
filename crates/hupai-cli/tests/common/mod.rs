//! What the end-to-end tests share: running `hupai` on some standard input.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `hupai args` with `stdin`: its standard output, standard error, and whether it
/// succeeded.
pub fn run(args: &[&str], stdin: &str) -> (String, String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hupai runs");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("write");
    let out = child.wait_with_output().expect("hupai exits");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (text(&out.stdout), text(&out.stderr), out.status.success())
}
