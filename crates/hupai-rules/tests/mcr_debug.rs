mod common;
#[test]
#[ignore]
fn debug_lines() {
    let text = std::fs::read_to_string("/tmp/mcrdebug.tsv").unwrap();
    let rules = hupai_rules::Rules::preset("mcr").unwrap();
    for line in text.lines() {
        let c = common::parse_line(line);
        if common::check(&rules, &c).is_ok() {
            continue;
        }
        println!("{line}");
        for r in hupai_rules::mcr::debug_readings(&c.hand, &c.ctx) {
            println!("   {} {:?} {}", r.0, r.1, r.2);
        }
    }
}

#[test]
#[ignore]
fn speed_probe() {
    let text = include_str!("data/mcr_fixture.tsv");
    let rules = hupai_rules::Rules::preset("mcr").unwrap();
    let cases: Vec<_> = text.lines().map(common::parse_line).collect();
    let t = std::time::Instant::now();
    let mut sum = 0u64;
    for _ in 0..30 {
        for c in &cases {
            sum += u64::from(hupai_rules::score(&rules, &c.hand, &c.ctx).unwrap().total);
        }
    }
    eprintln!("{:.0} ns/hand ({sum})", t.elapsed().as_nanos() as f64 / (30 * cases.len()) as f64);
}
