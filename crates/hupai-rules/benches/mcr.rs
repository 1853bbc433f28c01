//! MCR scoring speed over the committed fixture (see BENCHMARKS.md).

fn main() {}
