//! `model:FILE.onnx`: the Rust runtime's logits equal PyTorch's on fixed observations, a file
//! that cannot be played is a typed error when the agent is built, and the agent plays only
//! legal options wherever a spec is taken. The models are made by tests/data/models/make.py.

#![cfg(test)]

use std::path::PathBuf;

use hupai_ai::arena::{run_arena, ArenaConfig, Length};
use hupai_ai::model::{Model, ModelError};
use hupai_ai::{AgentSpec, BuildOptions};
use hupai_rules::Rules;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/models").join(name)
}

#[derive(serde::Deserialize)]
struct Fixture {
    planes: Vec<u8>,
    scalars: Vec<f32>,
    logits: Vec<f32>,
}

fn fixture() -> Fixture {
    let text = std::fs::read_to_string(data("tiny.json")).expect("tiny.json");
    serde_json::from_str(&text).expect("fixture")
}

fn close(a: &[f32], b: &[f32]) {
    assert_eq!(a.len(), b.len());
    let worst = a.iter().zip(b).map(|(x, y)| (x - y).abs()).fold(0f32, f32::max);
    assert!(worst <= 1e-4, "largest difference {worst}");
}

#[test]
fn the_runtime_gives_pytorchs_logits() {
    let f = fixture();
    let model = Model::load(&data("tiny.onnx")).expect("tiny.onnx loads");
    let n = f.logits.len() / 728;
    assert_eq!(n, 6);
    // The batch, and each observation alone (the single-decision plan).
    close(&model.logits(n, &f.planes, &f.scalars).expect("batch"), &f.logits);
    for i in 0..n {
        let (p, s) = (&f.planes[i * 73 * 34..(i + 1) * 73 * 34], &f.scalars[i * 83..(i + 1) * 83]);
        close(&model.logits(1, p, s).expect("one"), &f.logits[i * 728..(i + 1) * 728]);
    }
    assert_eq!(model.meta("hupai.encoding"), Some("hupai-v4"));
    assert!(model.logits(2, &f.planes[..10], &f.scalars).is_err());
}

#[test]
fn files_that_cannot_be_played_are_typed_errors() {
    let err = |name: &str| Model::load(&data(name)).expect_err(name);
    assert!(matches!(err("missing.onnx"), ModelError::Read { .. }));
    assert!(matches!(err("not-a-model.onnx"), ModelError::NotOnnx { .. }));
    // A directory (or a device) is not read at all.
    assert!(matches!(Model::load(&data("")).expect_err("dir"), ModelError::NotOnnx { .. }));
    let e = err("other-encoding.onnx");
    assert!(matches!(&e, ModelError::Encoding { found: Some(v), .. } if v == "hupai-v3"), "{e}");
    assert!(e.to_string().contains("'hupai-v3'") && e.to_string().contains("'hupai-v4'"), "{e}");
    assert!(matches!(err("no-metadata.onnx"), ModelError::Encoding { found: None, .. }));
    let e = err("wrong-planes.onnx");
    assert!(matches!(e, ModelError::Shape { .. }), "{e}");
    let e = err("wrong-logits.onnx");
    assert!(matches!(e, ModelError::Shape { .. }), "{e}");
    assert!(e.to_string().contains("728"), "{e}");
}

#[test]
fn a_bad_model_spec_fails_when_built_never_mid_game() {
    let rules = Rules::preset("riichi").unwrap();
    let spec: AgentSpec =
        format!("model:{}", data("other-encoding.onnx").display()).parse().unwrap();
    let e = spec.build(&rules, 0, 0, &BuildOptions::default()).err().expect("refused");
    assert!(e.to_string().contains("hupai-v3"), "{e}");
    let text = format!("model:{},defensive,defensive,defensive", data("missing.onnx").display());
    let specs = AgentSpec::parse_list(&text).unwrap();
    let mut config = ArenaConfig::from_specs(rules, ["defensive"; 4], 1).unwrap();
    config.agents[0] = hupai_ai::arena::Entrant::spec(specs[0].clone(), BuildOptions::default());
    config.length = Length::Hands(2);
    let e = run_arena(&config, &|_| {}).expect_err("refused");
    assert!(e.to_string().contains("cannot read model file"), "{e}");
    assert!("model:".parse::<AgentSpec>().is_err());
}

#[test]
fn model_agents_play_legal_options_in_the_arena() {
    for preset in ["riichi", "mcr"] {
        let rules = Rules::preset(preset).unwrap();
        let spec = format!("model:{}", data("tiny.onnx").display());
        let mut config = ArenaConfig::from_specs(
            rules,
            [spec.as_str(), "defensive", spec.as_str(), "efficiency"],
            9,
        )
        .unwrap();
        config.length = Length::Hands(8);
        config.duplicate = true;
        let result = run_arena(&config, &|_| {}).expect("arena");
        assert_eq!(result.hands, 8);
        let model = result.agents.iter().find(|a| a.name == spec).expect("the model's figures");
        assert_eq!(model.illegal, 0, "{preset}");
        // Answered in batches across the games (the default) or one decision at a time: the
        // same games.
        config.batch = 0;
        let one = run_arena(&config, &|_| {}).expect("arena");
        let points = |r: &hupai_ai::stats::ArenaResult| {
            r.agents.iter().map(|a| (a.name.clone(), a.points_per_hand)).collect::<Vec<_>>()
        };
        assert_eq!(points(&one), points(&result), "{preset}");
    }
}

fn shipped() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../models/riichi-clone-search.onnx")
}

/// The shipped model names `hupai-v7`; its agent encodes in it, and plays the same games
/// whatever the arena's batch (an MLP played directly is asked one decision at a time: it
/// has no batch policy).
#[test]
fn the_shipped_model_plays_in_its_encoding() {
    let path = shipped();
    let model = Model::load(&path).expect("the shipped model loads");
    assert_eq!(model.encoding(), hupai_ai::encoding::Encoding::V7);
    let spec = format!("model:{}", path.display());
    assert!(spec.parse::<hupai_ai::AgentSpec>().unwrap().batch_policy().is_none());
    let rules = Rules::preset("riichi").unwrap();
    let mut config =
        ArenaConfig::from_specs(rules, [spec.as_str(), "defensive", "defensive", "defensive"], 4)
            .unwrap();
    config.length = Length::Hands(8);
    config.duplicate = true;
    let batched = run_arena(&config, &|_| {}).expect("arena");
    config.batch = 0;
    let single = run_arena(&config, &|_| {}).expect("arena");
    for r in [&batched, &single] {
        let mine = r.agents.iter().find(|a| a.name == spec).expect("the model's figures");
        assert_eq!(mine.illegal, 0);
    }
    let points = |r: &hupai_ai::stats::ArenaResult| {
        r.agents.iter().map(|a| a.points_per_hand).collect::<Vec<_>>()
    };
    assert_eq!(points(&batched), points(&single));
}

/// A file named twice (by two paths that resolve to it) is one model while either holds it;
/// a changed file is read again; a file that cannot be played stays a typed error. The
/// shipped model names the rules its data was played under.
#[test]
fn one_file_is_one_shared_model_while_it_is_held() {
    let dir = std::env::temp_dir().join(format!("hupai-shared-model-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = dir.join("tiny.onnx");
    std::fs::copy(data("tiny.onnx"), &file).expect("a copy");
    let a = Model::shared(&file).expect("loads");
    let b = Model::shared(&dir.join("./tiny.onnx")).expect("loads");
    assert!(std::sync::Arc::ptr_eq(&a, &b), "one file, one model");
    // Another size (a changed file) is another model.
    let mut bytes = std::fs::read(&file).expect("read");
    bytes.extend_from_slice(&[0; 8]);
    std::fs::write(&file, &bytes).expect("write");
    match Model::shared(&file) {
        Ok(c) => assert!(!std::sync::Arc::ptr_eq(&a, &c), "a changed file is read again"),
        Err(e) => assert!(matches!(e, ModelError::NotOnnx { .. }), "{e}"),
    }
    assert!(matches!(Model::shared(&dir.join("missing.onnx")), Err(ModelError::Read { .. })));
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(Model::load(&shipped()).expect("loads").rules(), ["riichi"]);
    assert!(Model::load(&data("tiny.onnx")).unwrap().rules().is_empty());
}

/// The shipped MLP is evaluated directly (`hupai_ai::mlp`, the fast path for one
/// observation), and gives the runtime's logits on every observation of two hands; a
/// convolutional network is left to the runtime.
#[test]
fn the_direct_mlp_gives_the_runtimes_logits() {
    use hupai_engine::{Driver, Setup};
    let model = Model::load(&shipped()).expect("the shipped model loads");
    assert!(model.is_direct());
    assert!(!Model::load(&data("tiny.onnx")).unwrap().is_direct());
    let enc = model.encoding();
    let rules = Rules::preset("riichi").unwrap();
    let (mut planes, mut scalars) = (Vec::new(), Vec::new());
    for seed in [5, 6] {
        let mut setup = Setup::new(rules.clone(), seed);
        setup.single_hand = true;
        let mut driver = Driver::new(setup);
        let mut agents: Vec<Option<hupai_ai::Defensive>> =
            (0..4).map(|_| Some(hupai_ai::Defensive::new(&rules))).collect();
        while !driver.is_over() {
            for p in driver.prompts() {
                let (a, b) = (planes.len(), scalars.len());
                planes.resize(a + enc.planes() * 34, 0);
                scalars.resize(b + enc.scalars(), 0.0);
                enc.encode(p.view, &mut planes[a..], &mut scalars[b..]);
            }
            if driver.step(&mut agents).unwrap().is_none() {
                break;
            }
        }
    }
    let n = scalars.len() / enc.scalars();
    assert!(n > 100, "{n} observations");
    // The batch goes to the runtime; each observation alone is evaluated directly.
    let runtime = model.runtime_logits(n, &planes, &scalars).unwrap();
    close(&model.logits(n, &planes, &scalars).unwrap(), &runtime);
    let (pw, sw) = (enc.planes() * 34, enc.scalars());
    // Every id and a few out of order: the logits at chosen ids are the same numbers, bit for
    // bit, and an id past the action space has none.
    let every: Vec<u16> = (0..728).collect();
    let some: Vec<u16> = vec![90, 16, 227, 111, 74, 229, 0, 729];
    for i in 0..n {
        let (p, s) = (&planes[i * pw..(i + 1) * pw], &scalars[i * sw..(i + 1) * sw]);
        let one = model.logits(1, p, s).unwrap();
        close(&one, &runtime[i * 728..(i + 1) * 728]);
        assert_eq!(model.logits_at(p, s, &every).unwrap(), one);
        let at = model.logits_at(p, s, &some).unwrap();
        for (k, &id) in some.iter().enumerate() {
            let want = one.get(usize::from(id)).copied().unwrap_or(f32::NEG_INFINITY);
            assert_eq!(at[k].to_bits(), want.to_bits(), "observation {i}, id {id}");
        }
    }
}
