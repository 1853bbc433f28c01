//! `hupai analyze`: shanten per form, waits, effective tiles and the discard table.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::Args;
use hupai_core::notation::{glyph, parse_kinds};
use hupai_core::{
    discard_analysis, is_agari_with_jokers, shanten_with_jokers, ukeire_with_jokers, wait_shapes,
    waits_with_jokers, Counts, Form, FormSet, Hand, Kind, KindSet,
};
use hupai_rules::Rules;
use serde_json::{json, Value};

/// Arguments of `hupai analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// Rule set whose winning forms count: riichi, mcr, chinese, laizi or a TOML file.
    #[arg(long, default_value = "riichi")]
    rules: String,
    /// Tiles seen outside the hand (rivers, other melds, indicators), e.g. 1z1z5p.
    #[arg(long, default_value = "")]
    visible: String,
    /// One JSON object per hand.
    #[arg(long)]
    json: bool,
    /// Show the hand as Unicode glyphs in the human format.
    #[arg(long)]
    glyphs: bool,
    /// Hands, e.g. "23456m11z pon:777s" (a meld argument joins the hand before it); with
    /// none, one hand per line of standard input.
    hands: Vec<String>,
}

/// Runs the command; the exit code is non-zero when any hand failed.
pub fn run(args: AnalyzeArgs) -> anyhow::Result<ExitCode> {
    let rules = Rules::load(&args.rules)?;
    let forms = rules.form_set();
    let visible = Counts::from_kinds(parse_kinds(&args.visible)?);
    let hands: Box<dyn Iterator<Item = std::io::Result<String>>> = if args.hands.is_empty() {
        crate::input::lines(None)?
    } else {
        Box::new(group_hand_args(&args.hands).into_iter().map(Ok))
    };
    let mut failed = false;
    for line in hands {
        let line = line?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        match analyse(text, forms, &visible) {
            Ok(analysis) if args.json => println!("{}", analysis.to_json()),
            Ok(analysis) => print!("{}", analysis.to_human(args.glyphs)),
            Err(message) => {
                failed = true;
                if args.json {
                    println!("{}", json!({"hand": text, "error": message}));
                } else {
                    eprintln!("{text}: {message}");
                }
            }
        }
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// Joins meld arguments (`pon:777s`) to the hand before them, so an unquoted hand with melds
/// stays one hand.
fn group_hand_args(args: &[String]) -> Vec<String> {
    let mut hands: Vec<String> = Vec::new();
    for arg in args {
        let is_meld = arg.contains(':');
        match hands.last_mut() {
            Some(last) if is_meld => {
                last.push(' ');
                last.push_str(arg);
            }
            _ => hands.push(arg.clone()),
        }
    }
    hands
}

struct Analysis {
    hand: Hand,
    shanten: i8,
    form_shanten: Vec<(Form, Option<i8>)>,
    agari: bool,
    waits: Option<Vec<(Kind, String)>>,
    ukeire: Option<(KindSet, u32)>,
    discards: Vec<hupai_core::DiscardOption>,
}

fn analyse(text: &str, forms: FormSet, visible: &Counts) -> Result<Analysis, String> {
    let hand: Hand = text.parse().map_err(|e: hupai_core::HandError| e.to_string())?;
    let all = hand.all_counts();
    // Declared melds are on the table: count them as seen.
    let mut seen = *visible;
    for meld in hand.melds() {
        meld.add_to(&mut seen);
    }
    for kind in Kind::all() {
        let total = hand.concealed().get(kind) + seen.get(kind);
        if total > 4 {
            return Err(format!(
                "{total} copies of {kind}: {} in the hand and {} visible",
                all.get(kind),
                visible.get(kind)
            ));
        }
    }
    let counts = hand.concealed();
    let (jokers, melds) = (hand.jokers(), hand.meld_count());
    let shanten = shanten_with_jokers(counts, jokers, melds, forms);
    if shanten == i8::MAX {
        return Err("no allowed form fits this many declared melds".into());
    }
    let form_shanten = Form::ALL
        .iter()
        .map(|&form| {
            let only =
                FormSet::EMPTY.with(form).with_quads_as_two_pairs(forms.quads_as_two_pairs());
            let s = shanten_with_jokers(counts, jokers, melds, only);
            (form, (forms.contains(form) && s != i8::MAX).then_some(s))
        })
        .collect();
    let real = |set: KindSet| set.iter().filter(|&k| all.get(k) < 4).collect::<KindSet>();
    let unseen = |set: KindSet| {
        set.iter().map(|k| 4u32.saturating_sub(counts.get(k) as u32 + seen.get(k) as u32)).sum()
    };
    let tiles = hand.tile_count();
    let mut analysis = Analysis {
        hand,
        shanten,
        form_shanten,
        agari: false,
        waits: None,
        ukeire: None,
        discards: Vec::new(),
    };
    match tiles % 3 {
        1 => {
            let waits = real(waits_with_jokers(counts, jokers, melds, forms));
            let shapes = if jokers == 0 { wait_shapes(counts, melds, forms) } else { Vec::new() };
            analysis.waits = Some(
                waits
                    .iter()
                    .map(|k| {
                        let shape = shapes.iter().find(|s| s.0 == k).map(|s| s.1.to_string());
                        (k, shape.unwrap_or_default())
                    })
                    .collect(),
            );
            let ukeire = real(ukeire_with_jokers(counts, jokers, melds, forms));
            analysis.ukeire = Some((ukeire, unseen(ukeire)));
        }
        2 => {
            analysis.agari = is_agari_with_jokers(counts, jokers, melds, forms);
            let table = discard_analysis(counts, jokers, melds, forms, &seen);
            analysis.discards = table
                .as_slice()
                .iter()
                .map(|o| hupai_core::DiscardOption { ukeire: real(o.ukeire), ..*o })
                .collect();
        }
        _ => {}
    }
    Ok(analysis)
}

fn kinds_json(set: KindSet) -> Value {
    Value::Array(set.iter().map(|k| Value::String(k.to_string())).collect())
}

impl Analysis {
    fn to_json(&self) -> Value {
        let forms: serde_json::Map<String, Value> = self
            .form_shanten
            .iter()
            .map(|&(form, s)| (form.name().to_string(), s.map_or(Value::Null, Value::from)))
            .collect();
        let waits: Vec<Value> =
            self.waits.iter().flatten().map(|(k, _)| Value::String(k.to_string())).collect();
        let ukeire = self
            .ukeire
            .map_or(Value::Null, |(set, count)| json!({"tiles": kinds_json(set), "count": count}));
        let discards: Vec<Value> = self
            .discards
            .iter()
            .map(|o| {
                json!({
                    "discard": o.discard.map_or("*".to_string(), |k| k.to_string()),
                    "shanten": o.shanten,
                    "ukeire": kinds_json(o.ukeire),
                    "count": o.count,
                })
            })
            .collect();
        json!({
            "hand": self.hand.to_string(),
            "tiles": self.hand.tile_count(),
            "agari": self.agari,
            "shanten": self.shanten,
            "forms": forms,
            "waits": waits,
            "ukeire": ukeire,
            "discards": discards,
        })
    }

    fn to_human(&self, glyphs: bool) -> String {
        let mut out = String::new();
        let shown = if glyphs {
            let mut s: String = self.hand.concealed().tiles().map(glyph).collect();
            for _ in 0..self.hand.jokers() {
                s.push('🀪');
            }
            for meld in self.hand.melds() {
                s.push_str(&format!(
                    " {}:{}",
                    meld.kind().prefix(),
                    meld.kinds().map(glyph).collect::<String>()
                ));
            }
            s
        } else {
            self.hand.to_string()
        };
        let _ = writeln!(out, "{shown}  ({} tiles)", self.hand.tile_count());
        let state = match self.shanten {
            -1 => "complete".to_string(),
            0 => "0 (ready)".to_string(),
            n => n.to_string(),
        };
        let _ = writeln!(out, "  shanten   {state}");
        let per_form: Vec<String> = self
            .form_shanten
            .iter()
            .filter_map(|&(form, s)| s.map(|s| format!("{} {s}", form.name().replace('_', " "))))
            .collect();
        let _ = writeln!(out, "  forms     {}", per_form.join(", "));
        if let Some(waits) = &self.waits {
            if !waits.is_empty() {
                let list: Vec<String> =
                    waits
                        .iter()
                        .map(|(k, shape)| {
                            if shape.is_empty() {
                                k.to_string()
                            } else {
                                format!("{k} ({shape})")
                            }
                        })
                        .collect();
                let _ = writeln!(out, "  waits     {}", list.join(", "));
            }
        }
        if let Some((set, count)) = self.ukeire {
            let _ =
                writeln!(out, "  ukeire    {} kinds, {count} tiles: {}", set.len(), spaced(set));
        }
        if !self.discards.is_empty() {
            if self.agari {
                let _ = writeln!(out, "  agari     a complete hand");
            }
            let _ = writeln!(out, "  discard  shanten  tiles  effective tiles");
            for o in &self.discards {
                let d = o.discard.map_or("*".to_string(), |k| k.to_string());
                let _ = writeln!(
                    out,
                    "  {d:<7}  {:>7}  {:>5}  {}",
                    o.shanten,
                    o.count,
                    spaced(o.ukeire)
                );
            }
        }
        out
    }
}

fn spaced(set: KindSet) -> String {
    set.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(" ")
}
