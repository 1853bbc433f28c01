//! What the screen shows of the table, read off the engine's views ([`PlayerView`]): every
//! seat's concealed tiles (hidden ones as `?`), the drawn tile apart, rivers with riichi and
//! called marks, melds with the called tile and its source, flowers, and the round. The
//! terminal folds no event itself: live play reads the view of the player's own stream (or a
//! spectator's), a replay or a revealed hand the views of every seat, so every hand shows. A
//! three-player table (sanma) has three seats; the North slot stays empty.

use std::sync::Arc;

use hupai_core::{MeldKind, Seat, Seats};
use hupai_engine::{Event, Pai, PlayerView, ViewError};
use hupai_rules::Rules;

/// One discard in a river.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RiverCell {
    /// The tile.
    pub pai: Pai,
    /// The discard that declared riichi (drawn turned).
    pub riichi: bool,
    /// Another seat called it.
    pub called: bool,
}

/// One declared meld.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeldCell {
    /// The tiles, the called one first.
    pub tiles: Vec<Pai>,
    /// Whom the called tile came from, if anyone.
    pub from: Option<Seat>,
    /// A closed kan.
    pub closed: bool,
}

/// One seat as the screen shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatState {
    /// Concealed tiles, sorted (hidden ones as `?`), without the drawn tile.
    pub hand: Vec<Pai>,
    /// The tile just drawn.
    pub drawn: Option<Pai>,
    /// Discards in order.
    pub river: Vec<RiverCell>,
    /// Declared melds in order.
    pub melds: Vec<MeldCell>,
    /// Flowers (and Wuhan lone kongs) set aside.
    pub flowers: Vec<Pai>,
    /// Norths set aside (kita, three-player riichi).
    pub kita: u8,
    /// Declared riichi.
    pub riichi: bool,
    /// The tiles it won on this hand (several where hands go on after a win).
    pub won: Vec<Pai>,
}

impl SeatState {
    /// Concealed tiles including the drawn one.
    pub fn concealed(&self) -> usize {
        self.hand.len() + usize::from(self.drawn.is_some())
    }

    /// Seat `seat` as `view` shows it; `own` when the view knows the seat's tiles.
    fn read(view: &PlayerView, seat: Seat, own: bool) -> SeatState {
        let s = seat.index();
        let drawn = match view.drawn_by() {
            Some(d) if d == seat && own => view.drawn,
            Some(d) if d == seat => Some(Pai::HIDDEN),
            _ => None,
        };
        let hand = if own {
            let mut hand = view.hand();
            if let Some(i) = drawn.and_then(|d| hand.iter().position(|&p| p == d)) {
                hand.remove(i);
            }
            hand
        } else {
            vec![Pai::HIDDEN; view.hand_sizes[s].saturating_sub(usize::from(drawn.is_some()))]
        };
        let river = view.rivers[s]
            .iter()
            .map(|r| RiverCell { pai: r.pai, riichi: r.riichi, called: r.called })
            .collect();
        let melds = view.melds[s]
            .iter()
            .map(|m| MeldCell {
                tiles: m.tiles().to_vec(),
                from: m.meld.from(),
                closed: m.meld.kind() == MeldKind::ClosedKan,
            })
            .collect();
        let flowers = view.flowers[s].iter().chain(&view.lone_kongs[s]).copied().collect();
        let won = view.won[s].clone();
        SeatState {
            hand,
            drawn,
            river,
            melds,
            flowers,
            kita: view.kita[s],
            riichi: view.riichi[s],
            won,
        }
    }
}

/// The table as shown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// The rule set's name.
    pub rules: String,
    /// The seats at the table (three or four).
    pub seating: Seats,
    /// Player names by player number.
    pub names: [String; 4],
    /// Prevailing wind, once a hand has begun.
    pub round_wind: Option<Seat>,
    /// Hand number in the round.
    pub kyoku: u8,
    /// Repeat counters.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub sticks: u32,
    /// The dealer.
    pub dealer: Seat,
    /// Scores by seat.
    pub scores: [i32; 4],
    /// Dora indicators.
    pub dora: Vec<Pai>,
    /// The joker indicator.
    pub joker_marker: Option<Pai>,
    /// The player at each seat.
    pub players: [u8; 4],
    /// The seats.
    pub seats: [SeatState; 4],
    /// Tiles left to draw, when known.
    pub wall_left: Option<usize>,
    /// Who discarded last.
    pub last_discard: Option<Seat>,
    /// A kan just declared (seat, tile), which others may rob until the next draw.
    pub last_kan: Option<(Seat, Pai)>,
    /// Hands started.
    pub hands: u32,
    /// The match is over.
    pub over: bool,
}

impl Table {
    /// The name of the player at `seat`.
    pub fn name_at(&self, seat: Seat) -> &str {
        let player = self.players[seat.index()];
        self.names.get(player as usize).map_or("?", String::as_str)
    }

    /// The seat where player `player` sits.
    pub fn seat_of_player(&self, player: u8) -> Seat {
        let at = self.players.iter().position(|&p| p == player).unwrap_or(0);
        Seat::from_index(at).unwrap_or_default()
    }

    /// The seat wind letter of `seat` this hand.
    pub fn wind_of(&self, seat: Seat) -> char {
        Seat::ALL[self.seating.distance(self.dealer, seat)].letter()
    }
}

/// The engine's views a [`Table`] is read from: one (the player's own, or a spectator's), or
/// the four seats' when every hand shows (a replay of a full record, a hand revealed at its
/// end). Each view follows its player across MCR's re-seating.
#[derive(Clone, Debug)]
pub struct Views(Vec<PlayerView>);

impl Views {
    /// The view of player `player`'s own stream.
    pub fn player(player: usize, rules: &Rules) -> Views {
        Views(vec![PlayerView::for_player(player, Arc::new(rules.clone()))])
    }

    /// A spectator's view: every concealed tile hidden.
    pub fn spectator(rules: &Rules) -> Views {
        Views(vec![PlayerView::spectator(Arc::new(rules.clone()))])
    }

    /// The views of every player, to read a full record with every hand shown.
    pub fn everyone(rules: &Rules) -> Views {
        let rules = Arc::new(rules.clone());
        let players = usize::from(rules.players());
        Views((0..players).map(|p| PlayerView::for_player(p, Arc::clone(&rules))).collect())
    }

    /// The views a record of events is best read with: every player's when its deals show
    /// every seat's tiles, one player's when they show that player's, else a spectator's.
    pub fn for_record(record: &[Event], rules: &Rules) -> Views {
        let Some(Event::StartKyoku { tehais, players, .. }) =
            record.iter().find(|e| matches!(e, Event::StartKyoku { .. }))
        else {
            return Views::everyone(rules);
        };
        let shown: Vec<Seat> = tehais
            .with_seats()
            .filter(|(_, tiles)| tiles.iter().all(|p| !p.is_hidden()))
            .map(|(s, _)| s)
            .collect();
        match shown.as_slice() {
            all if all.len() == tehais.seats().count() => Views::everyone(rules),
            [seat] => {
                let player = players.map_or(seat.index(), |p| usize::from(p[seat.index()]));
                Views::player(player, rules)
            }
            _ => Views::spectator(rules),
        }
    }

    /// The same table seen by every seat, from a spectator's views between hands: to read a
    /// hand whose tiles are revealed at its end.
    pub fn revealing(&self) -> Views {
        Views(self.view().seats.iter().map(|s| self.view().at_seat(s)).collect())
    }

    /// The first view: the player's own, the spectator's, or player 0's.
    pub fn view(&self) -> &PlayerView {
        &self.0[0]
    }

    /// Takes one event (of the stream the views were made for, or of a full record): each
    /// view takes what its seat is shown of it. An event that does not fit changes nothing.
    pub fn update(&mut self, event: &Event) -> Result<(), ViewError> {
        for view in &mut self.0 {
            view.update_from_record(event)?;
        }
        Ok(())
    }

    /// The table as shown now.
    pub fn table(&self) -> Table {
        let v = self.view();
        let seats = std::array::from_fn(|s| {
            let seat = Seat::ALL[s];
            match self.0.iter().find(|w| w.seat == seat && !w.is_spectator()) {
                Some(own) => SeatState::read(own, seat, true),
                None => SeatState::read(v, seat, false),
            }
        });
        Table {
            rules: v.rules().name.clone(),
            seating: v.seats,
            names: v.names.clone(),
            round_wind: (v.hands > 0).then_some(v.round_wind),
            kyoku: v.kyoku,
            honba: v.honba,
            sticks: v.sticks,
            dealer: v.dealer,
            scores: v.scores,
            dora: v.dora_markers.clone(),
            joker_marker: v.joker_marker,
            players: v.players,
            seats,
            wall_left: (v.hands > 0).then(|| v.live_tiles() as usize),
            last_discard: v.last_discard.map(|(s, _)| s),
            last_kan: v.robbable_kan().map(|(s, p, _)| (s, p)),
            hands: v.hands,
            over: v.game_over,
        }
    }
}
