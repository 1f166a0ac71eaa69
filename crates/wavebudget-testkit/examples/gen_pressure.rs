//! Prints `tests/lit/Inputs/pressure.ll` (see `wavebudget_testkit::kernels::pressure_module`).
fn main() {
    print!("{}", wavebudget_testkit::kernels::pressure_module());
}
