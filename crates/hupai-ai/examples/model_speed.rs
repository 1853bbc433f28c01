//! Times a model's logits for one observation and for batches, as played (an exported MLP
//! evaluated directly) and by the runtime (tract), and a decision's: the logits at the ids of
//! fourteen options alone (`Model::logits_at`), as the model agent reads them:
//! `cargo run --release -p hupai-ai --example model_speed -- FILE.onnx`.

// A measuring program, not library code: a failed setup or a wrong result should stop it at
// once, so it unwraps and panics rather than carry error types.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).expect("a model file");
    let model = hupai_ai::model::Model::load(path.as_ref()).expect("model");
    let enc = model.encoding();
    println!(
        "{} ({enc}, played {})",
        path,
        if model.is_direct() { "directly" } else { "by tract" }
    );
    for n in [1usize, 8, 32, 128] {
        // Scattered ones, about as many as an observation has.
        let planes: Vec<u8> =
            (0..n * enc.planes() * 34).map(|i| u8::from(i * 7919 % 23 == 0)).collect();
        let scalars = vec![0.25f32; n * enc.scalars()];
        let time = |run: &dyn Fn() -> Vec<f32>| {
            let _ = run();
            let reps = (256 / n).max(4);
            let t0 = Instant::now();
            for _ in 0..reps {
                let _ = run();
            }
            t0.elapsed().as_secs_f64() / (reps * n) as f64 * 1e6
        };
        let played = time(&|| model.logits(n, &planes, &scalars).expect("run"));
        let tract = time(&|| model.runtime_logits(n, &planes, &scalars).expect("run"));
        println!("batch {n}: {played:.1} us per observation as played, {tract:.1} us by tract");
        if n == 1 {
            // A discard's fourteen ids: thirteen tiles from the hand and the one drawn.
            let ids: Vec<u16> = (0..13).map(|t| t * 2).chain([37 + 5]).collect();
            let at = time(&|| model.logits_at(&planes, &scalars, &ids).expect("run"));
            println!("a decision, the logits of 14 options: {at:.1} us");
        }
    }
}
