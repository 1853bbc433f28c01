//! Times a model's logits for one observation and for batches: `cargo run --release -p hupai-ai --example model_speed -- FILE.onnx`.

// A measuring program, not library code: a failed setup or a wrong result should stop it at
// once, so it unwraps and panics rather than carry error types.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).expect("a model file");
    let model = hupai_ai::model::Model::load(path.as_ref()).expect("model");
    for n in [1usize, 8, 32, 128] {
        let planes = vec![0u8; n * 73 * 34];
        let scalars = vec![0f32; n * 83];
        let _ = model.logits(n, &planes, &scalars).expect("run");
        let reps = (256 / n).max(4);
        let t0 = Instant::now();
        for _ in 0..reps {
            let _ = model.logits(n, &planes, &scalars).expect("run");
        }
        let per = t0.elapsed().as_secs_f64() / (reps * n) as f64;
        println!("batch {n}: {:.1} us per observation", per * 1e6);
    }
}
