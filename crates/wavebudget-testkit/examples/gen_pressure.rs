//! Prints `tests/lit/Inputs/pressure.ll` (see `wavebudget_testkit::kernels::pressure_module`); with
//! `--kernels N`, the Ray sweep benchmark's module of N accumulator loops instead
//! (`wavebudget_testkit::kernels::accumulator_module`).
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [] => print!("{}", wavebudget_testkit::kernels::pressure_module()),
        [flag, n] if flag == "--kernels" => match n.parse() {
            Ok(n) => print!("{}", wavebudget_testkit::kernels::accumulator_module(n)),
            Err(_) => {
                eprintln!("error: --kernels '{n}': a number of kernels");
                std::process::exit(1);
            }
        },
        _ => {
            eprintln!("error: usage: gen_pressure [--kernels N]");
            std::process::exit(1);
        }
    }
}
