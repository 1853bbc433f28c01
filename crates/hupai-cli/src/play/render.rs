//! The full-screen layout: the opponents along the top as they sit (left, across, right; at a
//! three-player table left and right, the North side empty), the round in the middle, your river, melds and hand at the bottom with the drawn tile set
//! apart, the options when you have a choice, the message lines, and overlays for the hand
//! summary and the help. Drawn from a [`Screen`], so play and replay share it.

use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

use hupai_core::{Kind, Seat};
use hupai_engine::Pai;

use super::narrate::wind_word;
use super::table::{SeatState, Table};
use super::tiles::{cell, style};

/// The smallest terminal the layout fits.
pub const MIN_SIZE: (u16, u16) = (80, 24);

/// Everything one frame shows.
#[derive(Clone, Debug, Default)]
pub struct Screen<'a> {
    /// The table.
    pub table: Option<&'a Table>,
    /// The seat at the bottom (actor).
    pub me: Seat,
    /// Show every seat's concealed tiles (replay).
    pub reveal: bool,
    /// Watching a table: the bottom seat is not "you".
    pub watching: bool,
    /// The open decision's time left, and whether it is running out.
    pub clock: Option<(String, bool)>,
    /// The selected tile of the bottom hand (the drawn tile is last).
    pub selected: Option<usize>,
    /// The options line (empty when there is no choice).
    pub options: String,
    /// Instead of options: the state of an online seat (reconnecting, played by the AI).
    pub status_note: Option<String>,
    /// The latest messages, oldest first.
    pub messages: Vec<String>,
    /// The hint panel, when shown.
    pub hints: Option<Vec<String>>,
    /// An overlay (hand summary, help, quit question), with its title.
    pub overlay: Option<(String, Vec<String>)>,
    /// The command line being typed.
    pub prompt: Option<String>,
    /// Draw tiles as glyphs.
    pub glyphs: bool,
    /// The title (mode, position).
    pub title: String,
    /// The key help line.
    pub status: String,
}

/// Draws one frame.
pub fn draw(frame: &mut Frame, s: &Screen) {
    let area = frame.area();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        let text = format!(
            "hupai needs a terminal of at least {}x{}; this one is {}x{}.\nPlease enlarge the window (q quits).",
            MIN_SIZE.0, MIN_SIZE.1, area.width, area.height
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let Some(table) = s.table else {
        return;
    };
    let (main, side) = match &s.hints {
        Some(_) if area.width >= 110 => {
            let [m, h] =
                Layout::horizontal([Constraint::Min(80), Constraint::Length(30)]).areas(area);
            (m, Some(h))
        }
        _ => (area, None),
    };
    let top_height = main.height.saturating_sub(16).clamp(8, 12);
    let [header, top, centre, mine, options, messages, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(top_height),
        Constraint::Length(1),
        Constraint::Length(7),
        Constraint::Length(1),
        Constraint::Min(2),
        Constraint::Length(1),
    ])
    .areas(main);
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(
                format!(" {} ", s.title),
                Style::default().add_modifier(Modifier::REVERSED),
            ),
            Span::raw(format!(" rules {}", table.rules)),
        ])),
        header,
    );
    // The others from the left (the seat before yours) round to the right (the seat after).
    let others = table.seating.count() - 1;
    let columns = Layout::horizontal(vec![Constraint::Ratio(1, others as u32); others]).split(top);
    for (i, area) in columns.iter().enumerate() {
        let seat = table.seating.add(s.me, others - i);
        opponent(frame, *area, table, seat, s);
    }
    frame.render_widget(Paragraph::new(centre_line(table)), centre);
    own_area(frame, mine, table, s);
    let opts = if let Some(note) = s.status_note.as_ref().filter(|_| s.options.is_empty()) {
        Line::from(Span::styled(
            format!(" {note}"),
            Style::default().fg(Color::Magenta).add_modifier(Modifier::BOLD),
        ))
    } else if s.options.is_empty() {
        Line::raw("")
    } else {
        let mut spans = Vec::new();
        if let Some((left, urgent)) = &s.clock {
            let colour = if *urgent { Color::Red } else { Color::Yellow };
            spans.push(Span::styled(
                format!(" [{left}]"),
                Style::default().fg(colour).add_modifier(Modifier::BOLD),
            ));
        }
        spans.push(Span::styled(
            " options: ",
            Style::default().fg(Color::Yellow).add_modifier(Modifier::BOLD),
        ));
        spans.push(Span::raw(s.options.clone()));
        Line::from(spans)
    };
    frame.render_widget(Paragraph::new(opts), options);
    let mut all = s.messages.clone();
    if let (None, Some(h)) = (side, &s.hints) {
        // Too narrow for the side panel: the hints in one line.
        all.push(format!("hints: {}", h.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" | ")));
    }
    let msgs: Vec<Line> = all
        .iter()
        .rev()
        .take(messages.height as usize)
        .rev()
        .map(|m| Line::raw(format!(" {m}")))
        .collect();
    frame.render_widget(Paragraph::new(msgs), messages);
    let bottom = match &s.prompt {
        Some(p) => Line::from(vec![
            Span::raw(format!(":{p}")),
            Span::styled(" ", Style::default().add_modifier(Modifier::REVERSED)),
        ]),
        None => Line::styled(s.status.clone(), Style::default().fg(Color::DarkGray)),
    };
    frame.render_widget(Paragraph::new(bottom), status);
    if let (Some(h), Some(lines)) = (side, &s.hints) {
        if h.width > 0 && h.height > 0 {
            let text: Vec<Line> = lines.iter().map(|l| Line::raw(l.clone())).collect();
            frame.render_widget(
                Paragraph::new(text)
                    .wrap(Wrap { trim: false })
                    .block(Block::default().borders(Borders::ALL).title(" hints ")),
                h,
            );
        }
    }
    if let Some((title, lines)) = &s.overlay {
        overlay(frame, main, title, lines);
    }
}

fn centre_line(t: &Table) -> Line<'static> {
    let round = t.round_wind.unwrap_or_default();
    let round = wind_word(round.letter());
    let mut spans = vec![Span::styled(
        format!(" {round} {} ", t.kyoku),
        Style::default().add_modifier(Modifier::BOLD),
    )];
    spans.push(Span::raw(format!(
        " dealer {}  honba {}  sticks {}  wall {} ",
        wind_word(t.wind_of(t.dealer)),
        t.honba,
        t.sticks,
        t.wall_left.map_or("?".to_string(), |w| w.to_string())
    )));
    if !t.dora.is_empty() {
        spans.push(Span::raw(" dora indicator "));
        for d in &t.dora {
            spans.push(Span::styled(cell(*d, false), style(*d)));
            spans.push(Span::raw(" "));
        }
    }
    if let Some(j) = t.joker_marker {
        spans.push(Span::raw(" joker indicator "));
        spans.push(Span::styled(cell(j, false), style(j)));
    }
    Line::from(spans)
}

fn seat_title(t: &Table, seat: Seat, me: bool) -> String {
    let name = if me { "you".to_string() } else { t.name_at(seat).to_string() };
    let riichi = if t.seats[seat.index()].riichi { "  RIICHI" } else { "" };
    let dealer = if seat == t.dealer { " (dealer)" } else { "" };
    format!(" {} {name}{dealer}  {}{riichi} ", t.wind_of(seat), t.scores[seat.index()])
}

fn tile_spans(pais: impl IntoIterator<Item = Pai>, glyphs: bool) -> Vec<Span<'static>> {
    pais.into_iter()
        .flat_map(|p| [Span::styled(cell(p, glyphs), style(p)), Span::raw(" ")])
        .collect()
}

fn meld_spans(seat: &SeatState, t: &Table, glyphs: bool) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for m in &seat.melds {
        spans.push(Span::raw("["));
        for (i, &p) in m.tiles.iter().enumerate() {
            if i > 0 {
                spans.push(Span::raw(" "));
            }
            if m.closed && (i == 1 || i == 2) {
                spans.push(Span::styled("##", Style::default().fg(Color::DarkGray)));
            } else if i == 0 && m.from.is_some() {
                spans.push(Span::styled(
                    cell(p, glyphs),
                    style(p).add_modifier(Modifier::UNDERLINED),
                ));
            } else {
                spans.push(Span::styled(cell(p, glyphs), style(p)));
            }
        }
        spans.push(Span::raw("]"));
        if let Some(from) = m.from {
            spans.push(Span::styled(
                format!("<{}", t.wind_of(from).to_ascii_lowercase()),
                Style::default().fg(Color::DarkGray),
            ));
        }
        spans.push(Span::raw(" "));
    }
    if !seat.flowers.is_empty() {
        spans.push(Span::raw("flowers "));
        spans.extend(tile_spans(seat.flowers.iter().copied(), glyphs));
    }
    if seat.kita > 0 {
        spans.push(Span::raw("kita "));
        spans.extend(tile_spans(vec![Pai::kind_of(Kind::NORTH); seat.kita.into()], glyphs));
    }
    if !seat.won.is_empty() {
        spans.push(Span::styled("won ", Style::default().fg(Color::Yellow)));
        spans.extend(tile_spans(seat.won.iter().copied(), glyphs));
    }
    spans
}

fn river_lines(seat: &SeatState, per_row: usize, glyphs: bool, last: bool) -> Vec<Line<'static>> {
    let per_row = per_row.max(1);
    let n = seat.river.len();
    seat.river
        .chunks(per_row)
        .enumerate()
        .map(|(row, chunk)| {
            let spans: Vec<Span> = chunk
                .iter()
                .enumerate()
                .flat_map(|(i, c)| {
                    let mut st = style(c.pai);
                    let mark = if c.riichi {
                        st = st.add_modifier(Modifier::REVERSED);
                        "*"
                    } else if c.called {
                        st = st.add_modifier(Modifier::DIM);
                        "'"
                    } else {
                        " "
                    };
                    if last && row * per_row + i + 1 == n {
                        st = st.add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
                    }
                    [Span::styled(cell(c.pai, glyphs), st), Span::raw(mark)]
                })
                .collect();
            Line::from(spans)
        })
        .collect()
}

fn opponent(frame: &mut Frame, area: Rect, t: &Table, seat: Seat, s: &Screen) {
    let st = &t.seats[seat.index()];
    let block = Block::default().borders(Borders::ALL).title(seat_title(t, seat, false));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let per_row = (inner.width / 3) as usize;
    let mut lines = Vec::new();
    let mut head = vec![Span::styled(
        format!("{} tiles ", st.concealed()),
        Style::default().fg(Color::DarkGray),
    )];
    head.extend(meld_spans(st, t, s.glyphs));
    lines.push(Line::from(head));
    if s.reveal {
        let tiles: Vec<_> = st.hand.iter().copied().chain(st.drawn).collect();
        for chunk in tiles.chunks(per_row.max(1)) {
            lines.push(Line::from(tile_spans(chunk.iter().copied(), s.glyphs)));
        }
    }
    lines.extend(river_lines(st, per_row, s.glyphs, t.last_discard == Some(seat)));
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
}

fn own_area(frame: &mut Frame, area: Rect, t: &Table, s: &Screen) {
    let st = &t.seats[s.me.index()];
    let block = Block::default()
        .borders(Borders::ALL)
        .title(seat_title(t, s.me, !s.reveal && !s.watching))
        .border_style(Style::default().fg(Color::Yellow));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let per_row = (inner.width / 3) as usize;
    let mut lines = river_lines(st, per_row, s.glyphs, t.last_discard == Some(s.me));
    while lines.len() < 2 {
        lines.push(Line::raw(""));
    }
    lines.truncate(2);
    lines.push(Line::from(meld_spans(st, t, s.glyphs)));
    let mut hand = Vec::new();
    let mut index = String::new();
    let keys = "123456789abcde";
    let tiles: Vec<_> = st.hand.iter().copied().chain(st.drawn).collect();
    for (i, p) in tiles.iter().enumerate() {
        if Some(i) == st.drawn.map(|_| st.hand.len()) {
            hand.push(Span::raw("  "));
            index.push_str("  ");
        }
        let mut sty = style(*p);
        if s.selected == Some(i) {
            sty = sty.add_modifier(Modifier::REVERSED | Modifier::BOLD);
        }
        hand.push(Span::styled(cell(*p, s.glyphs), sty));
        hand.push(Span::raw(" "));
        let key = keys.chars().nth(i).unwrap_or(' ');
        index.push(if s.selected == Some(i) { '^' } else { key });
        index.push_str("  ");
    }
    lines.push(Line::from(hand));
    lines.push(Line::styled(index, Style::default().fg(Color::DarkGray)));
    frame.render_widget(Paragraph::new(lines), inner);
}

fn overlay(frame: &mut Frame, area: Rect, title: &str, lines: &[String]) {
    let width = lines
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(10)
        .clamp(30, area.width as usize - 4) as u16
        + 4;
    let height = (lines.len() as u16 + 2).min(area.height - 2);
    let rect = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    };
    frame.render_widget(Clear, rect);
    let text: Vec<Line> = lines.iter().map(|l| Line::raw(format!(" {l}"))).collect();
    frame.render_widget(
        Paragraph::new(text).block(
            Block::default()
                .borders(Borders::ALL)
                .title(format!(" {title} "))
                .border_style(Style::default().fg(Color::Yellow)),
        ),
        rect,
    );
}
