//! `MahjongEnv` and `Observation`: one match in the loop shape of RiichiEnv and Mjx.

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard, OnceLock};

use hupai_core::Seat;
use hupai_engine::{Action, Decision, PlayerView, Prompt};
use hupai_rules::Rules as CoreRules;
use numpy::{IntoPyArray, PyArray1, PyArray2};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use serde_json::{json, Value};

use crate::actions::{ids_of, ACTIONS};
use crate::errors::Error;
use crate::features::{self, Encoding, WIDTH};
use crate::rules::{cache, RulesArg};
use crate::table::{seating, Length, Seating, Table};
use crate::to_python::to_python;

/// An action as Python gives it: an id of the action space, or the JSON form (a dict or its
/// text, `{"type": "discard", "pai": "5mr", "tsumogiri": false}`).
#[derive(Debug)]
pub enum ActionArg {
    /// An action id.
    Id(i64),
    /// An action in its JSON form.
    Action(Action),
}

impl<'a, 'py> FromPyObject<'a, 'py> for ActionArg {
    type Error = PyErr;

    fn extract(ob: Borrowed<'a, 'py, PyAny>) -> PyResult<ActionArg> {
        if let Ok(id) = ob.extract::<i64>() {
            return Ok(ActionArg::Id(id));
        }
        let action: Action = if let Ok(text) = ob.cast::<PyString>() {
            let text = text.to_cow()?;
            serde_json::from_str(&text).map_err(|e| Error::Action(format!("action {text}: {e}")))?
        } else if ob.cast::<PyDict>().is_ok() {
            pythonize::depythonize(&ob).map_err(|e| Error::Action(format!("action: {e}")))?
        } else {
            let type_name = ob.get_type().name()?;
            return Err(Error::Action(format!(
                "an action is an id (int) or its JSON form (dict or str), not {type_name}"
            ))
            .into());
        };
        Ok(ActionArg::Action(action))
    }
}

impl ActionArg {
    /// The option it names for `player` at `table`.
    pub fn resolve(&self, table: &Table, player: usize) -> Result<Action, Error> {
        match self {
            ActionArg::Id(id) => table.option_of_id(player, *id),
            ActionArg::Action(a) => Ok(*a),
        }
    }
}

/// The rules named by a `rules` argument.
pub fn load_rules(rules: &RulesArg) -> Result<CoreRules, Error> {
    Ok(match rules {
        RulesArg::Name(name) => cache().get(name)?.clone(),
        RulesArg::Rules(r) => r.rules.clone(),
    })
}

/// What one player sees and may do at one decision.
///
/// ``planes`` and ``scalars`` are the observation in the environment's encoding
/// (``encoding``; by default ``hupai-v4``, ``hupai.env.PLANES`` by ``hupai.env.SCALARS``;
/// ``hupai.ENCODINGS`` gives every encoding's shapes); ``mask and ``legal_actions()`` are the legal options as ids of the
/// action space (``hupai.env.ACTION_NAMES``), in the driver's order.
///
/// >>> env = hupai.MahjongEnv("riichi", length="hand", seed=1)
/// >>> obs = env.reset()
/// >>> o = obs[0]
/// >>> o.planes.shape, o.scalars.shape, o.mask.shape
/// ((73, 34), (83,), (728,))
/// >>> o.actions()[0]
/// {'type': 'discard', 'pai': '3p', 'tsumogiri': True}
#[pyclass(frozen, module = "hupai", name = "Observation")]
#[derive(Debug)]
pub struct Observation {
    player: usize,
    seat: usize,
    decision: usize,
    view: PlayerView,
    options: Vec<Action>,
    ids: Vec<u16>,
    encoding: Encoding,
    encoded: OnceLock<(Vec<u8>, Vec<f32>)>,
}

impl Observation {
    /// The observation of a prompt (or of a player with nothing to decide: no options), in
    /// `encoding`.
    pub fn new(
        player: usize,
        seat: usize,
        decision: usize,
        view: &PlayerView,
        options: &[Action],
        encoding: Encoding,
    ) -> Observation {
        let mut ids = Vec::with_capacity(options.len());
        ids_of(view, options, &mut ids);
        Observation {
            player,
            seat,
            decision,
            view: view.clone(),
            options: options.to_vec(),
            ids,
            encoding,
            encoded: OnceLock::new(),
        }
    }

    fn of_prompt(p: &Prompt<'_>, encoding: Encoding) -> Observation {
        Observation::new(p.player, p.seat.index(), p.decision, p.view, p.options, encoding)
    }

    fn encoded(&self) -> &(Vec<u8>, Vec<f32>) {
        self.encoded.get_or_init(|| {
            let mut planes = vec![0u8; self.encoding.planes() * WIDTH];
            let mut scalars = vec![0f32; self.encoding.scalars()];
            self.encoding.encode(&self.view, &mut planes, &mut scalars);
            (planes, scalars)
        })
    }
}

#[pymethods]
impl Observation {
    /// The player (0..=3, or 0..=2 at a three-player table; fixed for the match).
    #[getter]
    fn player(&self) -> usize {
        self.player
    }

    /// The seat it sits at now (0 East .. 3 North, no North at a three-player table; seats
    /// rotate between rounds in MCR).
    #[getter]
    fn seat(&self) -> usize {
        self.seat
    }

    /// The decision number (the driver's: the sequence number of the next event).
    #[getter]
    fn decision(&self) -> usize {
        self.decision
    }

    /// The legal action ids, in the driver's order of options (empty: nothing to decide).
    fn legal_actions(&self) -> Vec<u16> {
        self.ids.clone()
    }

    /// The legal options in their JSON form, in the order of ``legal_actions()``.
    fn actions<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        self.options.iter().map(|a| to_python(py, a)).collect()
    }

    /// The option with id ``id`` in its JSON form (``ActionError`` if it is not legal now).
    fn action<'py>(&self, py: Python<'py>, id: i64) -> PyResult<Bound<'py, PyAny>> {
        let found = self.ids.iter().position(|&i| i64::from(i) == id);
        match found {
            Some(i) => to_python(py, &self.options[i]),
            None => {
                Err(Error::Action(format!("action {id} is not legal in this observation")).into())
            }
        }
    }

    /// The id of an action given in its JSON form (``ActionError`` if it is not legal now).
    fn action_id(&self, action: ActionArg) -> PyResult<u16> {
        let found = match action {
            ActionArg::Id(id) => self.ids.iter().position(|&i| i64::from(i) == id),
            ActionArg::Action(a) => self.options.iter().position(|&o| o == a.canonical()),
        };
        match found {
            Some(i) => Ok(self.ids[i]),
            None => Err(Error::Action("the action is not legal in this observation".into()).into()),
        }
    }

    /// The id of the action played when an answer is unusable: discard the drawn tile (else
    /// the first discard offered), or pass (None with nothing to decide).
    fn default_action(&self) -> Option<u16> {
        if self.options.is_empty() {
            return None;
        }
        let d = hupai_engine::default_action(&self.options);
        self.options.iter().position(|&o| o == d).map(|i| self.ids[i])
    }

    /// The action mask: ``mask[id]`` is True for each legal id (bool, shape ``(728,)``).
    #[getter]
    fn mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![false; ACTIONS];
        for &i in &self.ids {
            mask[i as usize] = true;
        }
        mask.into_pyarray(py)
    }

    /// The name of the encoding of ``planes`` and ``scalars`` (``"hupai-v4"`` to ``"hupai-v7"``).
    #[getter]
    fn encoding(&self) -> &'static str {
        self.encoding.name()
    }

    /// The planes (uint8 0/1, shape ``(73, 34)`` in ``hupai-v4``, ``(95, 34)`` in ``hupai-v5``, ``(99, 34)`` in ``hupai-v6``, ``(111, 34)`` in ``hupai-v7``).
    #[getter]
    fn planes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<u8>>> {
        let planes = self.encoded().0.clone();
        let shape = (self.encoding.planes(), WIDTH);
        let array = numpy::ndarray::Array2::from_shape_vec(shape, planes)
            .map_err(|e| Error::Input(e.to_string()))?;
        Ok(array.into_pyarray(py))
    }

    /// The scalars (float32, shape ``(83,)`` in ``hupai-v4``, ``(97,)`` in ``hupai-v5``, ``(113,)`` in ``hupai-v6`` and ``hupai-v7``).
    #[getter]
    fn scalars<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f32>> {
        self.encoded().1.clone().into_pyarray(py)
    }

    /// What the player knows, as a dict: its own hand and draw, and for every seat at the
    /// table (three at a three-player one) the river, melds, riichi, scores, Norths set aside
    /// (``kita``) and the number of concealed tiles (never their faces).
    fn view<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &view_json(&self.view))
    }

    /// Help with this decision, as a dict (the hint the terminal's and the web client's help
    /// panels show, computed from the player's view alone): ``shanten``; ``waits`` (with
    /// 3n + 1 tiles: the waits or effective tiles, each ``{"pai", "left"}`` with the copies
    /// unseen); ``discards`` (with 3n + 2 tiles: every discard, best first, with the shanten
    /// and effective tiles it leaves); ``suggestion`` (the ``defensive`` agent's choice, its
    /// reason and the candidates it weighed); ``danger`` (each kind in the hand: expected loss
    /// and deal-in chance); ``threats`` (each opponent's chance of being ready).
    ///
    /// >>> o = hupai.MahjongEnv("riichi", length="hand", seed=4).reset()[0]
    /// >>> h = o.hint()
    /// >>> sorted(h), o.action_id(h["suggestion"]["action"]) in o.legal_actions()
    /// (['danger', 'discards', 'shanten', 'suggestion', 'threats', 'waits'], True)
    fn hint<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &hupai_ai::hint::Hint::of(&self.view, &self.options))
    }

    fn __repr__(&self) -> String {
        format!(
            "Observation(player={}, seat={}, decision={}, legal={})",
            self.player,
            self.seat,
            self.decision,
            self.ids.len()
        )
    }
}

/// A view as JSON: what the seat knows. Every per-seat list has one entry a seat at the table
/// (three at a three-player table, where no one sits North).
pub fn view_json(v: &PlayerView) -> Value {
    let seats = v.seats.count();
    let names = |ps: &[hupai_engine::Pai]| ps.iter().map(|p| p.to_string()).collect::<Vec<_>>();
    let decision = match v.decision() {
        Decision::None => json!({"type": "none"}),
        Decision::Turn { after_call, replacement } => {
            json!({"type": "turn", "after_call": after_call, "replacement": replacement})
        }
        Decision::RiichiDiscard => json!({"type": "riichi_discard"}),
        Decision::Claim { from, pai } => {
            json!({"type": "claim", "from": from.index(), "pai": pai.to_string()})
        }
        Decision::Robbing { from, pai, closed } => {
            json!({"type": "robbing", "from": from.index(), "pai": pai.to_string(), "closed": closed})
        }
        Decision::Kita { from, pai } => {
            json!({"type": "kita", "from": from.index(), "pai": pai.to_string()})
        }
        Decision::Void => json!({"type": "void"}),
        Decision::Exchange => json!({"type": "exchange"}),
    };
    let rivers: Vec<Value> = v
        .seats
        .iter()
        .map(|s| {
            v.river(s)
                .map(|e| json!({"pai": e.pai.to_string(), "tsumogiri": e.tsumogiri, "riichi": e.riichi}))
                .collect()
        })
        .collect();
    let melds: Vec<Value> = v.melds[..seats]
        .iter()
        .map(|ms| {
            ms.iter()
                .map(|m| {
                    json!({
                        "type": m.meld.kind().prefix(),
                        "tiles": names(m.tiles()),
                        "from": m.meld.from().map(|s| s.index()),
                    })
                })
                .collect()
        })
        .collect();
    let shanten = v.shanten();
    json!({
        "seat": v.seat.index(),
        "rules": v.rules().name,
        "round_wind": v.round_wind.index(),
        "dealer": v.dealer.index(),
        "kyoku": v.kyoku,
        "honba": v.honba,
        "kyotaku": v.sticks,
        "scores": &v.scores[..seats],
        "hand": names(&v.hand()),
        "drawn": v.drawn.map(|p| p.to_string()),
        "hand_sizes": &v.hand_sizes[..seats],
        "dora_markers": names(&v.dora_markers),
        "joker": v.joker.map(|k| hupai_engine::Pai::kind_of(k).to_string()),
        "rivers": rivers,
        "melds": melds,
        "flowers": v.flowers[..seats].iter().map(|f| names(f)).collect::<Vec<_>>(),
        "lone_kongs": v.lone_kongs[..seats].iter().map(|f| names(f)).collect::<Vec<_>>(),
        "kita": &v.kita[..seats],
        "riichi": &v.riichi[..seats],
        "live_tiles": v.live_tiles(),
        "shanten": if shanten == i8::MAX { Value::Null } else { json!(shanten) },
        "waits": v.waits().iter().map(|k| hupai_engine::Pai::kind_of(k).to_string()).collect::<Vec<_>>(),
        "furiten": v.is_furiten(),
        "voids": v.voids[..seats].iter().map(|s| s.map(|s| s.letter().to_string())).collect::<Vec<_>>(),
        "won": v.seats.iter().map(|s| v.has_won(s)).collect::<Vec<_>>(),
        "decision": decision,
        "in_hand": v.in_hand,
        "game_over": v.game_over,
    })
}

/// The state behind a `MahjongEnv`.
#[derive(Debug)]
struct EnvState {
    rules: CoreRules,
    length: Length,
    seating: Seating,
    seed: u64,
    games: u64,
    table: Option<Table>,
    encoding: Encoding,
}

impl EnvState {
    fn table(&self) -> Result<&Table, Error> {
        self.table.as_ref().ok_or_else(|| Error::Env("call reset() first".into()))
    }

    fn observations(&self) -> Result<Vec<(usize, Observation)>, Error> {
        let table = self.table()?;
        let enc = self.encoding;
        Ok(table.python_prompts().map(|p| (p.player, Observation::of_prompt(&p, enc))).collect())
    }

    fn has_agents(&self) -> bool {
        self.seating.iter().any(|s| s.is_some())
    }
}

/// One match under any preset, driven one decision at a time, in the loop shape RiichiEnv and
/// Mjx users know: ``reset()`` gives the observations of the players who must decide (a dict
/// by player), ``step({player: action})`` answers some or all of them and gives the
/// observations of whoever must decide next, until ``done()``.
///
/// ``length`` is ``"hand"`` (one hand), ``"east"`` (the east round), ``"half"`` (east and
/// south) or ``"full"`` (the preset's own match). The rules seat four players, or three
/// (``"sanma"``, ``"sanma-majsoul"``, or rules with ``players = 3``): ``players`` says how
/// many, and every list by player (``scores()``, ``ranks()``, ``agents``, the per-seat lists
/// of ``Observation.view()``) has that many entries, players numbered ``0..players``.
/// ``agents`` seats hupai's agents: one entry a player, ``None`` where Python plays, else a
/// spec (``"defensive"``, ``"efficiency"``, ``"random"``, ...). Players keep their number for
/// the match; in riichi it is the seat, in MCR seats rotate between rounds
/// (``Observation.seat``). Actions are ids of the action space or the JSON form of an action
/// (at a three-player table, kita, setting a North aside, is id 148). Each game ``reset()``
/// starts uses the next seed (``seed``, ``seed + 1``, ...) unless given one. ``encoding``
/// names the observation encoding: ``"hupai-v4"`` (what the seat sees; the default, about a
/// microsecond) or ``"hupai-v5"`` (that plus what each discard does to the hand and each
/// opponent's danger by the learned reads; a few microseconds more) or ``"hupai-v6"`` (that
/// plus the option ``defensive`` would take; a ``defensive`` decision more) or ``"hupai-v7"``
/// (that plus what each ready hand a discard leaves would score; a few scorings more).
///
/// >>> env = hupai.MahjongEnv("mcr", length="hand", seed=3, agents=[None, "efficiency", "efficiency", "efficiency"])
/// >>> obs = env.reset()
/// >>> while not env.done():
/// ...     obs = env.step({p: o.legal_actions()[0] for p, o in obs.items()})
/// >>> len(env.scores())
/// 4
/// >>> sanma = hupai.MahjongEnv("sanma", length="hand", seed=3, agents=[None, "efficiency", "efficiency"])
/// >>> obs = sanma.reset()
/// >>> while not sanma.done():
/// ...     obs = sanma.step({p: o.legal_actions()[0] for p, o in obs.items()})
/// >>> sanma.players, len(sanma.scores()), sorted(sanma.ranks())
/// (3, 3, [1, 2, 3])
#[pyclass(frozen, module = "hupai", name = "MahjongEnv")]
#[derive(Debug)]
pub struct MahjongEnv {
    state: Mutex<EnvState>,
}

impl MahjongEnv {
    fn lock(&self) -> MutexGuard<'_, EnvState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Observations by player, as a dict.
fn as_dict(py: Python<'_>, obs: Vec<(usize, Observation)>) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    for (p, o) in obs {
        d.set_item(p, Bound::new(py, o)?)?;
    }
    Ok(d)
}

#[pymethods]
impl MahjongEnv {
    #[new]
    #[pyo3(signature = (rules = RulesArg::riichi(), length = "full", seed = 0, agents = None, encoding = "hupai-v4"))]
    fn new(
        rules: RulesArg,
        length: &str,
        seed: u64,
        agents: Option<Vec<Option<String>>>,
        encoding: &str,
    ) -> PyResult<MahjongEnv> {
        let encoding = features::encoding(encoding)?;
        let rules = load_rules(&rules)?;
        let seating = seating(agents, &rules)?;
        let state = EnvState {
            rules,
            length: Length::parse(length)?,
            seating,
            seed,
            games: 0,
            table: None,
            encoding,
        };
        Ok(MahjongEnv { state: Mutex::new(state) })
    }

    /// Starts a new match (from ``seed`` if given, else the next seed) and returns the
    /// observations of the players who must decide, by player.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(&self, py: Python<'py>, seed: Option<u64>) -> PyResult<Bound<'py, PyDict>> {
        let mut s = self.lock();
        let game_seed = seed.unwrap_or_else(|| s.seed.wrapping_add(s.games));
        s.games += 1;
        let st = &mut *s;
        let (rules, length, seating) = (&st.rules, st.length, &st.seating);
        let table = if st.seating.iter().any(|a| a.is_some()) {
            py.detach(|| Table::new(rules, length, seating, game_seed))?
        } else {
            Table::new(rules, length, seating, game_seed)?
        };
        st.table = Some(table);
        as_dict(py, st.observations()?)
    }

    /// Answers for the players in ``actions`` (by player: an id or an action's JSON form),
    /// lets hupai's agents play (the GIL released), and returns the observations of the
    /// players who must decide now. A player who must decide but is not in ``actions`` is
    /// asked again. An illegal action raises ``ActionError`` and changes nothing for that
    /// player (the answers before it in player order stand).
    fn step<'py>(
        &self,
        py: Python<'py>,
        actions: BTreeMap<usize, ActionArg>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let mut s = self.lock();
        let agents = s.has_agents();
        {
            let table = s.table.as_mut().ok_or_else(|| Error::Env("call reset() first".into()))?;
            if table.driver.is_over() {
                return Err(Error::Env("the match is over: call reset()".into()).into());
            }
            for (player, action) in &actions {
                let action = action.resolve(table, *player)?;
                table.answer(*player, action)?;
            }
            if agents {
                py.detach(|| table.run_agents())?;
            } else {
                table.run_agents()?;
            }
        }
        as_dict(py, s.observations()?)
    }

    /// Whether the match is over (or not started).
    fn done(&self) -> bool {
        self.lock().table.as_ref().is_none_or(|t| t.driver.is_over())
    }

    /// Scores by player (one entry a player: three at a three-player table).
    fn scores(&self) -> PyResult<Vec<i32>> {
        Ok(self.lock().table()?.driver.game().player_scores().to_vec())
    }

    /// Ranks by player, 1 first (one entry a player; ties to the earlier seat of the first
    /// hand).
    fn ranks(&self) -> PyResult<Vec<u32>> {
        let scores = self.lock().table()?.driver.game().player_scores();
        let mut order: Vec<usize> = (0..scores.len()).collect();
        order.sort_by_key(|&p| std::cmp::Reverse(scores[p]));
        // u32, not u8: a Vec<u8> would reach Python as bytes, not a list.
        let mut ranks = vec![0u32; scores.len()];
        for (r, &p) in order.iter().enumerate() {
            ranks[p] = r as u32 + 1;
        }
        Ok(ranks)
    }

    /// The observation of ``player`` now, whether or not it must decide (no legal actions
    /// when it need not).
    fn observe(&self, player: usize) -> PyResult<Observation> {
        let s = self.lock();
        let table = s.table()?;
        table.check_player(player)?;
        let d = &table.driver;
        Ok(match d.prompt(player) {
            Some(p) => Observation::of_prompt(&p, s.encoding),
            None => Observation::new(
                player,
                d.seat_of(player).index(),
                d.decision(),
                d.view_of(player),
                &[],
                s.encoding,
            ),
        })
    }

    /// The full log so far as mjai dicts (nothing hidden: the seed and every hand).
    fn mjai_log<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let s = self.lock();
        s.table()?.driver.record().iter().map(|e| to_python(py, e)).collect()
    }

    /// ``player``'s stream so far as mjai dicts: every event as its seat was shown it.
    fn events<'py>(&self, py: Python<'py>, player: usize) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let s = self.lock();
        let table = s.table()?;
        table.check_player(player)?;
        table.driver.stream(player, 0).map(|e| to_python(py, &*e)).collect()
    }

    /// The seed of the match being played.
    #[getter]
    fn game_seed(&self) -> PyResult<u64> {
        Ok(self.lock().table()?.seed)
    }

    /// The rule set's name.
    #[getter]
    fn rules(&self) -> String {
        self.lock().rules.name.clone()
    }

    /// Players at the table: 4, or 3 under three-player rules (``sanma``).
    #[getter]
    fn players(&self) -> usize {
        usize::from(self.lock().rules.players())
    }

    /// The rules' scoring family: ``riichi``, ``mcr`` or ``chinese``.
    #[getter]
    fn family(&self) -> &'static str {
        self.lock().rules.variant.family_name()
    }

    /// The length: ``hand``, ``east``, ``half`` or ``full``.
    #[getter]
    fn length(&self) -> &'static str {
        self.lock().length.name()
    }

    /// Which players Python plays.
    #[getter]
    fn python_players(&self) -> Vec<usize> {
        let s = self.lock();
        (0..s.seating.len()).filter(|&p| s.seating[p].is_none()).collect()
    }

    fn __repr__(&self) -> String {
        let s = self.lock();
        format!(
            "MahjongEnv(rules={:?}, players={}, length={:?}, seed={})",
            s.rules.name,
            s.rules.players(),
            s.length.name(),
            s.seed
        )
    }
}

/// The observation of the player that was shown ``events`` (mjai dicts or JSON lines, as
/// ``MahjongEnv.events`` gives them; other seats' tiles hidden), with its legal actions worked
/// out from them alone: what an mjai bot in Python sees. ``player`` names the player whose
/// stream it is, and the view follows it when the rules re-seat the players (MCR);
/// ``seat`` instead keeps one seat throughout (give one or the other).
///
/// >>> env = hupai.MahjongEnv("riichi", length="hand", seed=4)
/// >>> o = env.reset()[0]
/// >>> again = hupai.observe_events(env.events(0), player=0, rules="riichi")
/// >>> again.legal_actions() == o.legal_actions(), bool((again.planes == o.planes).all())
/// (True, True)
#[pyfunction]
#[pyo3(signature = (events, seat = None, rules = RulesArg::riichi(), player = None, encoding = "hupai-v4"))]
pub fn observe_events(
    events: Vec<Bound<'_, PyAny>>,
    seat: Option<usize>,
    rules: RulesArg,
    player: Option<usize>,
    encoding: &str,
) -> PyResult<Observation> {
    let encoding = features::encoding(encoding)?;
    let rules = std::sync::Arc::new(load_rules(&rules)?);
    let players = usize::from(rules.players());
    let (name, seats) = (rules.name.clone(), rules.seats());
    let bad = |what: &str, n: usize| {
        Error::Input(format!(
            "{what} {n}: rules '{name}' seat {} players, {what}s 0..={}",
            seats.word(),
            players - 1
        ))
    };
    let mut view = match (seat, player) {
        (Some(s), None) => {
            let at = Seat::from_index(s).filter(|&x| seats.contains(x));
            let at = at.ok_or_else(|| bad("seat", s))?;
            PlayerView::with_rules(at, rules)
        }
        (None, Some(p)) if p < players => PlayerView::for_player(p, rules),
        (None, Some(p)) => return Err(bad("player", p).into()),
        _ => return Err(Error::Input("give seat or player (one of them)".into()).into()),
    };
    for (i, e) in events.iter().enumerate() {
        let event: hupai_engine::Event = if let Ok(text) = e.cast::<PyString>() {
            serde_json::from_str(&text.to_cow()?)
                .map_err(|err| Error::Input(format!("event {i}: {err}")))?
        } else {
            pythonize::depythonize(e).map_err(|err| Error::Input(format!("event {i}: {err}")))?
        };
        view.update(&event).map_err(|err| Error::Input(format!("event {i}: {err}")))?;
    }
    let options = hupai_engine::legal_options(&view);
    let player = player.unwrap_or(view.player_at(view.seat));
    Ok(Observation::new(player, view.seat.index(), events.len(), &view, &options, encoding))
}

/// One of hupai's agents by spec (``"defensive"``, ``"defensive(fold=2)"``, ``"efficiency"``,
/// ``"random"``, ``"tsumogiri"``), asked from Python: ``act(observation)`` gives the id it
/// would play, ``act_batch(observations)`` one id per observation (a teacher for imitation,
/// a baseline next to a model). Seeded where it draws at random.
///
/// >>> env = hupai.MahjongEnv("riichi", length="hand", seed=2)
/// >>> o = env.reset()[0]
/// >>> hupai.Agent("efficiency").act(o) in o.legal_actions()
/// True
#[pyclass(module = "hupai", name = "Agent")]
pub struct PyAgent {
    agent: Mutex<Box<dyn hupai_engine::Agent>>,
    spec: String,
}

impl std::fmt::Debug for PyAgent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Agent").field("spec", &self.spec).finish()
    }
}

impl PyAgent {
    /// The agent's spec text.
    pub fn spec(&self) -> &str {
        &self.spec
    }

    fn decide(&self, o: &Observation) -> Result<Option<u16>, Error> {
        if o.options.is_empty() {
            return Ok(None);
        }
        let mut agent = self.agent.lock().unwrap_or_else(|p| p.into_inner());
        let action = agent.decide(&o.view, &o.options).canonical();
        let i = o.options.iter().position(|&x| x == action).unwrap_or_else(|| {
            let d = hupai_engine::default_action(&o.options);
            o.options.iter().position(|&x| x == d).unwrap_or(0)
        });
        Ok(Some(o.ids[i]))
    }
}

#[pymethods]
impl PyAgent {
    #[new]
    #[pyo3(signature = (spec = "defensive", rules = RulesArg::riichi(), seed = 0))]
    fn new(spec: &str, rules: RulesArg, seed: u64) -> PyResult<PyAgent> {
        let parsed: hupai_ai::AgentSpec =
            spec.parse().map_err(|e: hupai_ai::SpecError| Error::Input(e.0))?;
        if parsed.is_external() {
            return Err(Error::Input(format!("'{spec}': external bots are not asked here")).into());
        }
        let rules = load_rules(&rules)?;
        let agent = parsed
            .build(&rules, seed, 0, &hupai_ai::BuildOptions::default())
            .map_err(|e| Error::Input(e.0))?;
        Ok(PyAgent { agent: Mutex::new(agent), spec: parsed.to_string() })
    }

    /// The id the agent plays for ``observation`` (None when it has nothing to decide).
    fn act(&self, py: Python<'_>, observation: PyRef<'_, Observation>) -> PyResult<Option<u16>> {
        let o = &*observation;
        Ok(py.detach(|| self.decide(o))?)
    }

    /// One id per observation (None where there is nothing to decide).
    fn act_batch(&self, observations: Vec<PyRef<'_, Observation>>) -> PyResult<Vec<Option<u16>>> {
        observations.iter().map(|o| Ok(self.decide(o)?)).collect()
    }

    /// The agent's spec.
    #[getter]
    fn name(&self) -> &str {
        &self.spec
    }

    fn __repr__(&self) -> String {
        format!("Agent({:?})", self.spec)
    }
}
