//! Prints the search's valuation of the discards of one dealt hand: `search_probe "1m 2m ..." DRAWN`.
use hupai_ai::search::Search;
use hupai_core::Seat;
use hupai_engine::{legal_options, Agent, Pai, PlayerView};
use hupai_rules::Rules;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let tiles: Vec<Pai> = args[1].split(' ').map(|p| p.parse().unwrap()).collect();
    let drawn: Pai = args[2].parse().unwrap();
    let preset = args.get(3).map_or("riichi", String::as_str);
    let spec = args.get(4).map_or("search", String::as_str);
    let rules = Rules::preset(preset).unwrap();
    let view = PlayerView::dealt(&rules, Seat::East, Seat::East, &tiles, Some(drawn)).unwrap();
    let options = legal_options(&view);
    let spec: hupai_ai::AgentSpec = spec.parse().unwrap();
    let mut agent = spec.build(&rules, 1, 0, &Default::default()).unwrap();
    let ex = agent.explain(&view, &options);
    println!("{}", ex.reason);
    for c in &ex.candidates {
        println!("  {c}");
    }
    let _ = Search::new(&rules, 1);
}
