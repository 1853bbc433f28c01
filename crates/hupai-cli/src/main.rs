//! The `hupai` command.

fn main() {
    println!("hupai");
}
