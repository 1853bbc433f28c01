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
