//! Property test: no argument vector makes the CLI panic; every failure is a one-line error.

use proptest::prelude::*;

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "occupancy",
            "budget",
            "targets",
            "--target",
            "-t",
            "--vgprs",
            "--agprs",
            "--vgpr-count",
            "--sgprs",
            "--lds",
            "--wg-size",
            "--wave-size",
            "--cu-mode",
            "--dvgpr-block",
            "--json",
            "--waves",
            "--all",
            "generic",
            "--preset",
            "--register-file-bytes",
            "--wave-width",
            "--register-bytes",
            "--granule",
            "--max-waves",
            "gfx942",
            "gfx950",
            "gfx1100",
            "gfx1250",
            "gfx802",
            "gfx1201",
            "gfx908",
            "gfx942,gfx950",
            "MI300X",
            "m1",
            "ampere",
            "32",
            "64",
            "16",
            "0",
            "1,1024",
            "1024,1",
            "0,0",
            ",",
            "",
        ])
        .prop_map(String::from),
        any::<u32>().prop_map(|n| n.to_string()),
        any::<u64>().prop_map(|n| n.to_string()),
        (0u32..2000).prop_map(|n| n.to_string()),
        "[ -~]{0,12}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]
    #[test]
    fn never_panics(args in prop::collection::vec(token(), 0..10)) {
        let argv = std::iter::once("wavebudget".to_string()).chain(args.iter().cloned());
        match wavebudget_cli::run(argv) {
            Ok(_) => {}
            Err(e) => {
                let msg = e.to_string();
                prop_assert!(!msg.is_empty());
                prop_assert!(!msg.contains('\n'), "multi-line error: {msg}");
            }
        }
    }
}
