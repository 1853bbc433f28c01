//! An mjai bot: reads mjai events (one per line, or a JSON array of events per line as
//! mjai.app frames them) and answers one action line per input line — `{"type":"none"}` when
//! it has nothing to do. It works out its own legal options from what it has seen (discards,
//! riichi, tsumo and ron with a yaku and without furiten, pon, chi with swap-calling
//! excluded, a closed kan in riichi that keeps the waits, the nine-terminals abortive draw)
//! and asks a [`Bot`]. It never offers itself a kan outside riichi: under riichi rules the
//! agents do not take one (see `kan_choice`).
//!
//! Dialects: `start_game` with or without `id` (without it, the seat is the one whose tiles
//! `start_kyoku` shows), `start_kyoku` with or without `scores`, `ura_markers` or
//! `uradora_markers`, and extra fields anywhere are ignored.
//!
//! ```
//! use hupai_ai::mjai_bot::MjaiBot;
//! use hupai_rules::Rules;
//! let mut bot = MjaiBot::new(Rules::preset("riichi").unwrap(), "defensive", false).unwrap();
//! assert_eq!(bot.handle_line(r#"{"type":"start_game","id":0}"#).0, r#"{"type":"none"}"#);
//! let tehais = r#"["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","S","S"]"#;
//! let hidden = r#"["?","?","?","?","?","?","?","?","?","?","?","?","?"]"#;
//! let kyoku = format!(r#"{{"type":"start_kyoku","bakaze":"E","dora_marker":"1p","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"tehais":[{tehais},{hidden},{hidden},{hidden}]}}"#);
//! bot.handle_line(&kyoku);
//! let (answer, _) = bot.handle_line(r#"{"type":"tsumo","actor":0,"pai":"C"}"#);
//! assert!(answer.contains(r#""type":"dahai""#) || answer.contains(r#""type":"reach""#));
//! ```

use hupai_core::{is_agari, shanten, waits, Counts, Hand, Kind, Meld, Seat, Tile};
use hupai_engine::{Action, Event, Pai, PlayerView};
use hupai_rules::{score, Rules, WinContext};
use serde_json::{json, Value};

use crate::agent::{by_name, Bot};

/// The bot's state.
pub struct MjaiBot {
    rules: Rules,
    bot: Box<dyn Bot>,
    explain: bool,
    me: Option<u8>,
    view: PlayerView,
    riichi_tile: Option<(Pai, bool)>,
    line: u64,
    /// Passed a winning tile since the own last discard (or, in riichi, at all).
    furiten: bool,
}

impl std::fmt::Debug for MjaiBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MjaiBot").field("agent", &self.bot.name()).field("me", &self.me).finish()
    }
}

const NONE: &str = r#"{"type":"none"}"#;

fn get_u8(v: &Value, key: &str) -> Result<u8, String> {
    v.get(key)
        .and_then(Value::as_u64)
        .filter(|&n| n < 256)
        .map(|n| n as u8)
        .ok_or_else(|| format!("missing or bad '{key}'"))
}

fn get_pai(v: &Value, key: &str) -> Result<Pai, String> {
    let s = v.get(key).and_then(Value::as_str).ok_or_else(|| format!("missing '{key}'"))?;
    s.parse::<Pai>().map_err(|e| format!("bad tile in '{key}': {e}"))
}

fn get_pais(v: &Value, key: &str) -> Result<Vec<Pai>, String> {
    let arr = v.get(key).and_then(Value::as_array).ok_or_else(|| format!("missing '{key}'"))?;
    arr.iter()
        .map(|p| {
            p.as_str()
                .ok_or_else(|| format!("bad tile in '{key}'"))?
                .parse::<Pai>()
                .map_err(|e| format!("bad tile in '{key}': {e}"))
        })
        .collect()
}

fn get_scores(v: &Value) -> Option<[i32; 4]> {
    let arr = v.get("scores")?.as_array()?;
    let s: Vec<i32> = arr.iter().filter_map(|x| x.as_i64()).map(|x| x as i32).collect();
    s.try_into().ok()
}

impl MjaiBot {
    /// A bot playing agent `agent` under `rules`; `explain` returns reasons with each answer.
    pub fn new(rules: Rules, agent: &str, explain: bool) -> Option<MjaiBot> {
        let bot = by_name(agent, &rules, 0)?;
        Some(MjaiBot {
            rules,
            bot,
            explain,
            me: None,
            view: PlayerView::default(),
            riichi_tile: None,
            line: 0,
            furiten: false,
        })
    }

    /// Takes one input line; returns the answer line and messages for standard error (bad
    /// events, explanations). Blank lines get no answer (an empty string).
    pub fn handle_line(&mut self, line: &str) -> (String, Vec<String>) {
        self.line += 1;
        let mut notes = Vec::new();
        let text = line.trim();
        if text.is_empty() {
            return (String::new(), notes);
        }
        let parsed: Value = match serde_json::from_str(text) {
            Ok(v) => v,
            Err(e) => {
                notes.push(format!("line {}: unreadable JSON: {e}", self.line));
                return (NONE.to_string(), notes);
            }
        };
        let events = match parsed {
            Value::Array(items) => items,
            other => vec![other],
        };
        let mut last: Option<Value> = None;
        for ev in events {
            match self.take(&ev) {
                Ok(()) => last = Some(ev),
                Err(e) => {
                    let kind = ev.get("type").and_then(Value::as_str).unwrap_or("?");
                    notes.push(format!("line {}: {kind}: {e}", self.line));
                }
            }
        }
        let answer = match last {
            Some(ev) => self.respond(&ev, &mut notes),
            None => NONE.to_string(),
        };
        (answer, notes)
    }

    /// Updates the view with one event.
    fn take(&mut self, v: &Value) -> Result<(), String> {
        let ty = v.get("type").and_then(Value::as_str).ok_or("no 'type'")?;
        let event = match ty {
            "start_game" => {
                self.me = v.get("id").and_then(Value::as_u64).map(|n| (n % 4) as u8).or(self.me);
                return Ok(());
            }
            "start_kyoku" => {
                let tehais_v =
                    v.get("tehais").and_then(Value::as_array).ok_or("missing 'tehais'")?;
                let mut tehais: [Vec<Pai>; 4] = Default::default();
                for (i, t) in tehais_v.iter().take(4).enumerate() {
                    tehais[i] = get_pais(&json!({ "t": t }), "t")?;
                }
                if self.me.is_none() {
                    self.me = tehais
                        .iter()
                        .position(|t| t.iter().any(|p| !p.is_hidden()))
                        .map(|i| i as u8);
                }
                Event::StartKyoku {
                    bakaze: get_pai(v, "bakaze")?,
                    dora_marker: Some(get_pai(v, "dora_marker")?),
                    kyoku: get_u8(v, "kyoku").unwrap_or(1),
                    honba: get_u8(v, "honba").unwrap_or(0) as u32,
                    kyotaku: get_u8(v, "kyotaku").unwrap_or(0) as u32,
                    oya: get_u8(v, "oya")?,
                    scores: get_scores(v).unwrap_or([self.rules.starting_points; 4]),
                    tehais,
                    joker_marker: None,
                    players: None,
                }
            }
            "tsumo" => Event::Tsumo { actor: get_u8(v, "actor")?, pai: get_pai(v, "pai")? },
            "dahai" => Event::Dahai {
                actor: get_u8(v, "actor")?,
                pai: get_pai(v, "pai")?,
                tsumogiri: v.get("tsumogiri").and_then(Value::as_bool).unwrap_or(false),
            },
            "chi" | "pon" | "daiminkan" => {
                let (actor, target, pai, consumed) = (
                    get_u8(v, "actor")?,
                    get_u8(v, "target")?,
                    get_pai(v, "pai")?,
                    get_pais(v, "consumed")?,
                );
                match ty {
                    "chi" => Event::Chi { actor, target, pai, consumed },
                    "pon" => Event::Pon { actor, target, pai, consumed },
                    _ => Event::Daiminkan { actor, target, pai, consumed },
                }
            }
            "kakan" => Event::Kakan {
                actor: get_u8(v, "actor")?,
                pai: get_pai(v, "pai")?,
                consumed: get_pais(v, "consumed")?,
            },
            "ankan" => {
                Event::Ankan { actor: get_u8(v, "actor")?, consumed: get_pais(v, "consumed")? }
            }
            "dora" => Event::Dora { dora_marker: get_pai(v, "dora_marker")? },
            "reach" => Event::Reach { actor: get_u8(v, "actor")? },
            "reach_accepted" => {
                let actor = get_u8(v, "actor")?;
                if let Some(s) = get_scores(v) {
                    self.view.update(&Event::ReachAccepted { actor });
                    self.view.scores = s;
                    return Ok(());
                }
                Event::ReachAccepted { actor }
            }
            "hora" | "ryukyoku" => {
                // Deltas and scores in any dialect (`ura_markers` or `uradora_markers`).
                if let Some(s) = get_scores(v) {
                    self.view.scores = s;
                } else if let Some(d) = v.get("deltas").and_then(Value::as_array) {
                    for (s, x) in self.view.scores.iter_mut().zip(d) {
                        *s += x.as_i64().unwrap_or(0) as i32;
                    }
                }
                return Ok(());
            }
            "end_kyoku" | "end_game" | "none" | "error" => return Ok(()),
            other => return Err(format!("unknown event type '{other}'")),
        };
        let me = self.me.unwrap_or(0);
        self.view.seat = Seat::from_index(me as usize).unwrap_or(Seat::East);
        match &event {
            Event::StartKyoku { .. } => self.furiten = false,
            Event::Dahai { actor, pai, .. } if *actor == me => {
                if !self.view.hand.contains(pai) {
                    return Err(format!("seat {me} discards {pai}, which it does not hold"));
                }
                // A new own discard ends temporary furiten (not riichi furiten).
                self.furiten &= self.view.riichi[me as usize];
            }
            _ => {}
        }
        self.view.update(&event.for_seat(me));
        Ok(())
    }

    /// The answer to the last event of a line.
    fn respond(&mut self, ev: &Value, notes: &mut Vec<String>) -> String {
        let Some(me) = self.me else { return NONE.to_string() };
        let ty = ev.get("type").and_then(Value::as_str).unwrap_or("");
        let actor = get_u8(ev, "actor").ok();
        let options = match (ty, actor) {
            ("tsumo", Some(a)) if a == me => self.turn_options(true),
            ("chi" | "pon", Some(a)) if a == me => self.turn_options(false),
            ("reach", Some(a)) if a == me => {
                return match self.riichi_tile.take() {
                    Some((pai, tsumogiri)) => {
                        json!({"type": "dahai", "actor": me, "pai": pai.to_string(), "tsumogiri": tsumogiri}).to_string()
                    }
                    None => {
                        // Somebody else's riichi for us: discard by the agent.
                        let options = self.turn_options(false);
                        let action = self.ask(&options, notes);
                        self.answer(action, ev)
                    }
                };
            }
            ("dahai", Some(a)) if a != me => {
                let options = self.claim_options(a, ev);
                // Whatever the answer, a winning tile that is not won on makes the seat
                // furiten (until its next discard; for good in riichi).
                let wins =
                    waits(&self.counts(), self.my_melds().len() as u8, self.rules.form_set());
                if get_pai(ev, "pai").ok().and_then(|p| p.kind()).is_some_and(|k| wins.contains(k))
                {
                    self.furiten = true;
                }
                options
            }
            _ => return NONE.to_string(),
        };
        if options.is_empty() || options == [Action::Pass] {
            return NONE.to_string();
        }
        let action = self.ask(&options, notes);
        self.answer(action, ev)
    }

    fn ask(&mut self, options: &[Action], notes: &mut Vec<String>) -> Action {
        if self.explain {
            let ex = self.bot.explain(&self.view, options);
            notes.push(ex.to_string());
            ex.action
        } else {
            self.bot.decide(&self.view, options)
        }
    }

    /// The physical tile standing for the `i`-th held copy of `pai`.
    fn tile_of(&self, pai: Pai, nth: u8) -> Option<Tile> {
        let k = pai.kind()?;
        (0..4)
            .map(|c| Tile::new(k, c))
            .filter(|t| Pai::of(*t, self.rules.red_fives) == pai)
            .nth(nth as usize)
    }

    /// Distinct physical tiles of the hand (one per held copy).
    fn hand_tiles(&self) -> Vec<(Pai, Tile)> {
        let mut seen: Vec<Pai> = Vec::new();
        let mut out = Vec::new();
        for &p in &self.view.hand {
            let nth = seen.iter().filter(|&&q| q == p).count() as u8;
            seen.push(p);
            if let Some(t) = self.tile_of(p, nth) {
                out.push((p, t));
            }
        }
        out
    }

    fn counts(&self) -> Counts {
        let mut c = Counts::EMPTY;
        for k in self.view.hand.iter().filter_map(|p| p.kind()) {
            if c[k] < 4 {
                c.add(k);
            }
        }
        c
    }

    fn my_melds(&self) -> Vec<Meld> {
        let me = self.view.seat.index();
        // A seat in riichi was closed when it declared, so its kans are closed kans.
        let kan = if self.view.riichi[me] {
            hupai_core::MeldKind::ClosedKan
        } else {
            hupai_core::MeldKind::Kan
        };
        self.view.melds[me]
            .iter()
            .filter_map(|m| {
                let shape = crate::situation::MeldShape::of_pais(m)?;
                Some(match shape {
                    crate::situation::MeldShape::Pung(k) if m.len() == 4 => Meld::kan(kan, k),
                    crate::situation::MeldShape::Pung(k) => Meld::pon(k),
                    crate::situation::MeldShape::Chow(k) => Meld::chi(k).ok()?,
                })
            })
            .collect()
    }

    /// Whether winning on `kind` scores (a yaku under riichi rules).
    fn can_win(&self, kind: Kind, self_drawn: bool, counts: &Counts) -> bool {
        let melds = self.my_melds();
        if !is_agari(counts, melds.len() as u8, self.rules.form_set()) {
            return false;
        }
        let Ok(hand) = Hand::new(*counts, &melds) else { return false };
        let me = self.view.seat.index();
        let mut ctx = WinContext::new(kind, self_drawn);
        ctx.seat_wind = Seat::ALL[(me + 4 - self.view.oya as usize % 4) % 4];
        ctx.round_wind = self.view.bakaze.and_then(|p| p.kind()).map_or(Seat::East, |k| {
            Seat::from_index(k.index().saturating_sub(27)).unwrap_or(Seat::East)
        });
        ctx.riichi = self.view.riichi[me];
        ctx.dora_indicators = self.view.dora_markers.iter().filter_map(|p| p.kind()).collect();
        score(&self.rules, &hand, &ctx).is_ok()
    }

    fn turn_options(&self, after_draw: bool) -> Vec<Action> {
        let me = self.view.seat.index();
        let counts = self.counts();
        let mut options = Vec::new();
        let drawn = if after_draw { self.view.drawn } else { None };
        if let Some(d) = drawn.and_then(|p| p.kind()) {
            if self.can_win(d, true, &counts) {
                options.push(Action::Tsumo);
            }
        }
        let tiles = self.hand_tiles();
        let drawn_tile =
            drawn.and_then(|p| tiles.iter().rev().find(|(q, _)| *q == p).map(|(_, t)| *t));
        if let Some(kind) = drawn.and_then(|p| p.kind()) {
            if let Some(kan) = self.riichi_kan(kind, &counts) {
                options.push(kan);
            }
            if self.nine_terminals(&counts) {
                options.push(Action::NineTerminals);
            }
        }
        if self.view.riichi[me] {
            if let Some(t) = drawn_tile {
                options.push(Action::Discard(t));
            }
            return options;
        }
        let melds = self.my_melds();
        let closed = melds.iter().all(|m| !m.is_open());
        let wall_left = 70 - self.view.draws as i32;
        let forbidden = if after_draw { Vec::new() } else { self.kuikae() };
        let mut done: Vec<Pai> = Vec::new();
        for (p, t) in &tiles {
            if done.contains(p) || p.kind().is_some_and(|k| forbidden.contains(&k)) {
                continue;
            }
            done.push(*p);
            options.push(Action::Discard(*t));
            if closed && after_draw && self.view.scores[me] >= 1000 && wall_left >= 4 {
                let mut after = counts;
                if let Some(k) = p.kind() {
                    after[k] -= 1;
                }
                if shanten(&after, melds.len() as u8, self.rules.form_set()) == 0 {
                    options.push(Action::Riichi(*t));
                }
            }
        }
        // The drawn tile first, as the engine lists it.
        if let Some(t) = drawn_tile {
            if let Some(i) = options.iter().position(|a| *a == Action::Discard(t)) {
                let a = options.remove(i);
                options.insert(0, a);
            }
        }
        if options.is_empty() {
            options.extend(tiles.first().map(|(_, t)| Action::Discard(*t)));
        }
        options
    }

    /// In riichi, a closed kan of the drawn `kind` when the seat holds four and the kan keeps
    /// the waits (the engine's rule, which the mjai simulator accepts too).
    fn riichi_kan(&self, kind: Kind, counts: &Counts) -> Option<Action> {
        let me = self.view.seat.index();
        let kans = self.view.melds.iter().flatten().filter(|m| m.len() == 4).count();
        if !self.view.riichi[me] || counts[kind] != 4 || kans >= 4 || self.view.draws >= 70 {
            return None;
        }
        let melds = self.my_melds().len() as u8;
        let mut before = *counts;
        before[kind] -= 1;
        let mut after = *counts;
        after[kind] = 0;
        let forms = self.rules.form_set();
        let keeps = waits(&after, melds + 1, forms);
        (!keeps.is_empty() && keeps == waits(&before, melds, forms))
            .then_some(Action::ClosedKan(kind))
    }

    /// Whether the nine-terminals abortive draw is open: the seat's first draw, nobody has
    /// called, and nine kinds of terminals and honours are in the hand.
    fn nine_terminals(&self, counts: &Counts) -> bool {
        let me = self.view.seat.index();
        self.view.rivers[me].is_empty()
            && self.view.melds.iter().all(Vec::is_empty)
            && self.view.discarded[me].is_empty()
            && Kind::ORPHANS.iter().filter(|&&k| counts[k] > 0).count() >= 9
    }

    /// Kinds that may not be discarded right after the last call (kuikae).
    fn kuikae(&self) -> Vec<Kind> {
        let me = self.view.seat.index();
        let Some(meld) = self.view.melds[me].last() else { return Vec::new() };
        let Some(called) = meld.first().and_then(|p| p.kind()) else { return Vec::new() };
        let mut out = vec![called];
        if let Some(crate::situation::MeldShape::Chow(low)) =
            crate::situation::MeldShape::of_pais(meld)
        {
            if called == low {
                out.extend(low.offset(3));
            } else if Some(called) == low.offset(2) {
                out.extend(low.offset(-1));
            }
        }
        out
    }

    fn claim_options(&self, from: u8, ev: &Value) -> Vec<Action> {
        let me = self.view.seat.index();
        let Ok(pai) = get_pai(ev, "pai") else { return Vec::new() };
        let Some(kind) = pai.kind() else { return Vec::new() };
        let mut options = vec![Action::Pass];
        let counts = self.counts();
        let melds = self.my_melds();
        let mut with = counts;
        if with[kind] < 4 {
            with.add(kind);
            let furiten = self.furiten
                || !waits(&counts, melds.len() as u8, self.rules.form_set())
                    .intersection(self.view.discarded[me])
                    .is_empty();
            if !furiten && self.can_win(kind, false, &with) {
                options.push(Action::Ron);
            }
        }
        if self.view.riichi[me] || (70 - self.view.draws as i32) <= 0 {
            return options;
        }
        let tiles = self.hand_tiles();
        let of = |k: Kind| -> Vec<Tile> {
            tiles.iter().filter(|(p, _)| p.kind() == Some(k)).map(|(_, t)| *t).collect()
        };
        let same = of(kind);
        if same.len() >= 2 {
            options.push(Action::Pon([same[0], same[1]]));
        }
        if (from as usize + 1) % 4 == me && !kind.is_honor() {
            for (a, b) in [(-2i8, -1i8), (-1, 1), (1, 2)] {
                if let (Some(ka), Some(kb)) = (kind.offset(a), kind.offset(b)) {
                    if let (Some(&ta), Some(&tb)) = (of(ka).first(), of(kb).first()) {
                        options.push(Action::Chi([ta, tb]));
                    }
                }
            }
        }
        options
    }

    /// The mjai line for `action`, answering event `ev`.
    fn answer(&mut self, action: Action, ev: &Value) -> String {
        let me = self.me.unwrap_or(0);
        let name = |t: Tile| Pai::of(t, self.rules.red_fives).to_string();
        let drawn = self.view.drawn;
        match action {
            Action::Discard(t) => {
                let pai = Pai::of(t, self.rules.red_fives);
                let tsumogiri = drawn == Some(pai);
                json!({"type": "dahai", "actor": me, "pai": pai.to_string(), "tsumogiri": tsumogiri}).to_string()
            }
            Action::Riichi(t) => {
                let pai = Pai::of(t, self.rules.red_fives);
                let tsumogiri = drawn == Some(pai);
                self.riichi_tile = Some((pai, tsumogiri));
                json!({"type": "reach", "actor": me}).to_string()
            }
            Action::Tsumo => {
                let pai = drawn.map(|p| p.to_string()).unwrap_or_default();
                json!({"type": "hora", "actor": me, "target": me, "pai": pai}).to_string()
            }
            Action::Ron => {
                let target = get_u8(ev, "actor").unwrap_or(0);
                let pai = ev.get("pai").cloned().unwrap_or(Value::Null);
                json!({"type": "hora", "actor": me, "target": target, "pai": pai}).to_string()
            }
            Action::Pon([a, b]) | Action::Chi([a, b]) => {
                let ty = if matches!(action, Action::Pon(_)) { "pon" } else { "chi" };
                let target = get_u8(ev, "actor").unwrap_or(0);
                let pai = ev.get("pai").cloned().unwrap_or(Value::Null);
                json!({"type": ty, "actor": me, "target": target, "pai": pai, "consumed": [name(a), name(b)]}).to_string()
            }
            Action::ClosedKan(kind) => {
                let consumed: Vec<String> = self
                    .view
                    .hand
                    .iter()
                    .filter(|p| p.kind() == Some(kind))
                    .map(|p| p.to_string())
                    .collect();
                json!({"type": "ankan", "actor": me, "consumed": consumed}).to_string()
            }
            Action::NineTerminals => json!({"type": "ryukyoku", "actor": me}).to_string(),
            _ => NONE.to_string(),
        }
    }
}
