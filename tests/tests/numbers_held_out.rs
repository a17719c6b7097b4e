//! The number rules on pairs of banks they were not written with, each written independently
//! from a brief (see their READMEs):
//!
//! - `tests/corpora/numbers-2` (70 questions), `numbers-3` to `numbers-6` (60 each),
//!   `numbers-7` (40, everyday prose where "is" stands between numbers that are not equal),
//!   `numbers-8` (40: doses per kg, recipes, gliding, astronomy, photography, running),
//!   `numbers-9` (40: lab dilutions, infusions, VAT, statistics, carpentry, electricity,
//!   networks, logistics), `numbers-10` (40: brewing, compounding, weight and balance,
//!   mortgages, a sports lab, navigation, insulation, a catering kitchen), `numbers-11` (40:
//!   knitting, printing, EV driving, logistics, acoustics, photography, pools, payroll),
//!   `numbers-12` (40: chocolate, cheese, heat pumps, aquaria, astronomy, walking, a kiln,
//!   electronics; temperatures in all three scales): correct bilingual questions. Precision: `quizkit lint` reports nothing from the number rules
//!   (N001–N008, T002, K004) on them but the findings each test names.
//! - `tests/corpora/numbers-{2,3,4,5,6}-flawed`: 40 questions each with one planted error, of
//!   eight kinds (`numbers-7-flawed`: 24, `numbers-8-flawed` to `numbers-12-flawed`: 32);
//!   the README's answer sheet names the question and the kind. Recall: a question counts as
//!   found when N003, N004, N005, N007, N008, T002 or K004 reports on it. The recall per kind
//!   is printed (`--nocapture`) and must not drop below what quizkit reaches today.

use std::collections::BTreeMap;

use quizkit_tests::{quizkit, run, workspace_root};

/// The findings of `quizkit lint --format json --select ALL` on the corpus `name`.
fn lint(name: &str) -> Vec<serde_json::Value> {
    let out = run(quizkit()
        .arg("lint")
        .arg(workspace_root().join("tests/corpora").join(name))
        .args(["--format", "json", "--select", "ALL"]));
    // 0 or 1 (findings): the bank was linted; 2 is a usage error, such as a missing folder.
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "quizkit lint on {name}: {out:?}"
    );
    let findings: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("json output on {name}: {e}: {out:?}"));
    let findings = findings.as_array().expect("an array of findings").clone();
    // A bank that does not load is not linted: its findings are load errors (`S…`).
    let load: Vec<&serde_json::Value> = findings
        .iter()
        .filter(|f| code(f).starts_with('S'))
        .collect();
    assert!(load.is_empty(), "{name} does not load: {load:#?}");
    findings
}

fn code(f: &serde_json::Value) -> &str {
    f["code"].as_str().unwrap_or("")
}

/// The findings of the number rules on the correct corpus `name`, but for those on the
/// questions of `excused` (question id, rule code).
fn number_findings(name: &str, excused: &[(&str, &str)]) -> Vec<serde_json::Value> {
    lint(name)
        .into_iter()
        .filter(|f| code(f).starts_with('N') || code(f) == "T002" || code(f) == "K004")
        .filter(|f| {
            !excused
                .iter()
                .any(|&(id, rule)| f["question"].as_str() == Some(id) && code(f) == rule)
        })
        .collect()
}

#[test]
fn the_second_correct_corpus_lints_clean_of_number_findings() {
    let numbers = number_findings("numbers-2", &[]);
    assert!(numbers.is_empty(), "{numbers:#?}");
    println!("precision: 0 number findings on the 70 questions of numbers-2");
}

/// Questions of `numbers-3` whose two languages do not state the same numbers, against the
/// corpus's own convention: T002 reports a real difference there, not a false alarm. Each
/// is left out of the count for its reason (question, rule, what differs):
const NUMBERS_3_TRANSLATIONS_THAT_DIFFER: [(&str, &str); 4] = [
    // nl `3 min = 3/60 = 0,05 u`, en `3 min is 0.05 h`: only Dutch writes the quotient.
    ("kettle-energy", "T002"),
    // en adds a sentence ("$45 is half of $90, and 500 GB is half a TB").
    ("data-cloud-egress", "T002"),
    // nl `512 KiB × 4.096 = 2.097.152 KiB`, en `524,288 × 4,096 = 2,147,483,648 B`.
    ("dc-kv-cache", "T002"),
    // nl "(24 bit)", en no 24 (nl "Zestig per seconde" pairs en "At 60 fps").
    ("video-fullhd-rate", "T002"),
];

#[test]
fn the_third_correct_corpus_lints_clean_of_number_findings() {
    clean_but_for("numbers-3", &NUMBERS_3_TRANSLATIONS_THAT_DIFFER);
}

/// Lint the correct corpus `name`: the number rules report nothing but the findings
/// `excused` (question, rule), and each of those still fires: one that no longer does leaves
/// the list.
fn clean_but_for(name: &str, excused: &[(&str, &str)]) {
    let numbers = number_findings(name, excused);
    assert!(numbers.is_empty(), "{numbers:#?}");
    let all = lint(name);
    for &(id, rule) in excused {
        assert!(
            all.iter()
                .any(|f| f["question"].as_str() == Some(id) && code(f) == rule),
            "{id} no longer has a {rule} finding: remove it from the list"
        );
    }
    println!(
        "precision: no number findings on {name} but the {} the test names",
        excused.len()
    );
}

/// The answer sheet of the flawed corpus `name`: (question id, kind of error), from the rows
/// of its README's table, whose header names the columns `id` and `kind`
/// (`| id | field | lang | kind | …`, `| id | kind | field | …`); an id in backticks, or one of
/// `fl-…` without.
fn answer_sheet(name: &str) -> Vec<(String, String)> {
    let path = workspace_root()
        .join("tests/corpora")
        .join(name)
        .join("README.md");
    let readme = std::fs::read_to_string(&path).expect("the flawed corpus's README");
    let cells =
        |line: &str| -> Vec<String> { line.split('|').map(|c| c.trim().to_owned()).collect() };
    let header = readme
        .lines()
        .map(cells)
        .find(|c| c.get(1).is_some_and(|id| id == "id") && c.iter().any(|k| k == "kind"))
        .unwrap_or_else(|| panic!("{name}: no answer sheet with an `id` and a `kind` column"));
    let kind_at = header
        .iter()
        .position(|k| k == "kind")
        .expect("a kind column");
    let rows: Vec<(String, String)> = readme
        .lines()
        .filter_map(|line| {
            let cells = cells(line);
            let cell = cells.get(1)?;
            let id = match cell.strip_prefix('`').and_then(|c| c.strip_suffix('`')) {
                Some(id) => id,
                // Without backticks, only the `fl-` ids of the later banks.
                None => cell.starts_with("fl-").then_some(cell.as_str())?,
            };
            Some((id.to_string(), cells.get(kind_at)?.clone()))
        })
        .collect();
    // Five of each of eight kinds; the seventh flawed bank has three of each, the eighth to
    // tenth four.
    assert!(
        matches!(rows.len(), 40 | 24 | 32),
        "the answer sheet has 40, 24 or 32 rows: {rows:?}"
    );
    rows
}

/// Lint the flawed corpus `name`, print the recall per kind, and assert at least `at_least`
/// questions found of each kind.
fn assert_recall(name: &str, at_least: &[(&str, usize)]) {
    let findings = lint(name);
    let found: Vec<&str> = findings
        .iter()
        .filter(|f| {
            matches!(
                code(f),
                "N003" | "N004" | "N005" | "N007" | "N008" | "T002" | "K004"
            )
        })
        .filter_map(|f| f["question"].as_str())
        .collect();
    let mut per_kind: BTreeMap<String, (usize, usize, Vec<String>)> = BTreeMap::new();
    for (id, kind) in answer_sheet(name) {
        let entry = per_kind.entry(kind).or_default();
        entry.1 += 1;
        if found.contains(&id.as_str()) {
            entry.0 += 1;
        } else {
            entry.2.push(id);
        }
    }
    let total: usize = per_kind.values().map(|(f, _, _)| f).sum();
    let planted: usize = per_kind.values().map(|(_, n, _)| n).sum();
    println!("recall on {name}: {total} of {planted} planted errors found");
    for (kind, (f, n, missed)) in &per_kind {
        println!("  {kind:<20} {f}/{n}  missed: {}", missed.join(", "));
    }
    for &(kind, least) in at_least {
        let (f, n, missed) = per_kind
            .get(kind)
            .unwrap_or_else(|| panic!("no `{kind}` in the answer sheet of {name}"));
        assert!(
            *f >= least,
            "{name}, {kind}: {f} of {n} found, at least {least} expected; missed {missed:?}"
        );
    }
    assert_eq!(per_kind.len(), at_least.len(), "{:?}", per_kind.keys());
}

/// Questions found per kind, at least, as quizkit reaches them: 32 of 40. The misses: four
/// of the `missing-factor` errors (the product is right, only a factor the text names
/// elsewhere is left out: no arithmetic tells it; the fifth shows in the sentence after it,
/// `768 000 bit/s. Dat is 1 536 kbit/s`), a result stated in a sentence of its own that
/// misses by no slip, and relations written as verbs (`holds`/`bevat`, `delivers`/`levert`),
/// which also join quantities that are not equal.
const AT_LEAST_2: [(&str, usize); 8] = [
    ("bits-as-bytes", 3),
    ("gib-as-gb", 4),
    ("missing-factor", 1),
    ("translation-differs", 5),
    ("wrong-power", 4),
    ("wrong-prefix", 5),
    ("wrong-product", 5),
    ("wrong-rounding", 5),
];

#[test]
fn planted_errors_in_the_second_corpus_are_found() {
    assert_recall("numbers-2-flawed", &AT_LEAST_2);
}

/// Questions found per kind, at least, as quizkit reaches them: 33 of 40, each by a finding
/// on the planted sentence. The misses, and why:
/// - no arithmetic tells them: `ascii-text-bits` (`2 000 × 8 = 16 000 bytes`: the product is
///   right, only its unit is, and nothing says the 2 000 are bytes), `wifi-file-time` (`1 500
///   : 600 = 2,5 s` holds; the divisor should have been 75 MB/s);
/// - a relation in words that also joins figures that are not equal: "16 GiB is gewoon 16
///   GB", "toont de schijf als 256 GiB";
/// - `≈ 122 miljoen` (121.0) is within the 0.5% that `≈` allows at three digits, and
///   `≈ € 1.688` follows "dus";
/// - `78 · 10²¹, ofwel 7,8 · 10²¹ FLOP`: a phrase between a number without a unit and one
///   with.
const AT_LEAST_3: [(&str, usize); 8] = [
    ("bits-as-bytes", 3),
    ("gib-as-gb", 3),
    ("missing-factor", 5),
    ("translation-differs", 5),
    ("wrong-power", 4),
    ("wrong-prefix", 5),
    ("wrong-product", 5),
    ("wrong-rounding", 3),
];

#[test]
fn planted_errors_in_the_third_corpus_are_found() {
    assert_recall("numbers-3-flawed", &AT_LEAST_3);
}

/// Findings of the number rules on the correct `numbers-4` that the text does not deserve,
/// left as they are and named here (question, rule, why):
const NUMBERS_4_FALSE_FINDINGS: [(&str, &str); 2] = [
    // nl `2400 / 500 = 4,8 keer 500 g`: "4,8 times (a portion of) 500 g", read as a product.
    ("cook-roast-chicken-time", "N005"),
    // en `$64.00` against nl `64,00 dollar` and `$ 64,00`: the English amounts are not paired.
    ("fin-nyc-tax-and-tip", "T002"),
];

#[test]
fn the_fourth_correct_corpus_lints_clean_but_for_its_recorded_false_findings() {
    clean_but_for("numbers-4", &NUMBERS_4_FALSE_FINDINGS);
}

/// Questions found per kind, at least, as quizkit reaches them: 39 of 40 (every wrong rounding,
/// since `≈` asks for half a unit in the last digit; `½ × 1000 kg × 20 m/s = 200 000 J`
/// since `½` is read). The miss: a sum that holds, `$ 1.200 × 1,20` (the price should be
/// divided by 0,80; `40 000 × 1,25 = 50 000` for 2,5 % is `percentage-factor-mismatch`).
const AT_LEAST_4: [(&str, usize); 8] = [
    ("missing-factor", 5),
    ("percent-slip", 4),
    ("translation-differs", 5),
    ("wrong-power", 5),
    ("wrong-prefix", 5),
    ("wrong-product", 5),
    ("wrong-rounding", 5),
    ("wrong-unit", 5),
];

#[test]
fn planted_errors_in_the_fourth_corpus_are_found() {
    assert_recall("numbers-4-flawed", &AT_LEAST_4);
}

#[test]
fn the_fifth_correct_corpus_lints_clean() {
    clean_but_for("numbers-5", &[]);
}

/// Questions found per kind, at least, as quizkit reaches them: 25 of 40 (LaTeX math, US
/// customary units, percentages, conversion factors and roundings read; factors a tenth or ten
/// times a stated percentage, `8400 × 1,01` for 10 %, are `percentage-factor-mismatch`).
/// The misses, and why:
/// - sums that hold: `40 ÷ 940 ≈ 4,3 %` (the base should be 900), `1500 − 750 = 750 mL/h`,
///   `8 mm meer dan … 78 mm` (the sum is elsewhere);
/// - relations in words: "in wetenschappelijke notatie 2,4 × 10⁵ ft", "1 g per 10⁵ mL",
///   "een factor 10³", "4,1 × 10¹¹, dus € 41 miljard", "een landmijl van 1,509 km",
///   "Dat is ongeveer 1,0 × 10⁴ N", "afgerond 12 minuten" after a blank line
///   after a formula;
/// - units quizkit leaves out: `mil` (a million in "$5 mil"), °F (no factor converts it),
///   `M€`, `mF` (no farad).
const AT_LEAST_5: [(&str, usize); 8] = [
    ("percent-slip", 4),
    ("translation-differs", 4),
    ("wrong-conversion", 2),
    ("wrong-power", 0),
    ("wrong-prefix", 3),
    ("wrong-result", 4),
    ("wrong-rounding", 4),
    ("wrong-unit", 4),
];

#[test]
fn planted_errors_in_the_fifth_corpus_are_found() {
    assert_recall("numbers-5-flawed", &AT_LEAST_5);
}

/// The one number finding on the sixth correct bank: the Dutch stem says a car "rijdt 1 op 16"
/// (one litre per 16 km, a Dutch idiom), the English "does 16 km per litre", and the `1` has
/// no partner. The corpus calls it notation; the numbers do differ.
const NUMBERS_6_FINDINGS: [(&str, &str); 1] = [("benzine-naar-de-ardennen", "T002")];

#[test]
fn the_sixth_correct_corpus_lints_clean_but_for_its_idiom() {
    clean_but_for("numbers-6", &NUMBERS_6_FINDINGS);
}

/// Questions found per kind, at least, as quizkit reaches them: 31 of 40 (a plain "is", the
/// tonne, acres, parsecs and miles, `log`, roundings that name their precision, a figure with
/// another prefix or power of ten in two texts, `magnitude-mismatch`). The misses, and why:
/// - a percentage slip in words: "dat is 20 % van € 36" (the sum is the reader's), "stijgt zo
///   met 2 %" for 2 percentage points;
/// - `1 USD ≈ 0,98 EUR` (an exchange rate is no claim), `10 × 62 × 0,75 = 465 kJ` (the
///   computation has no unit to say kcal), `meet 75 000 m` (a verb), `1,0 × 10⁻⁸ mol/l` as the
///   key (a mantissa of 1), `3,0 × 10⁶ km per seconde` beside `3,0 × 10⁵ km/s` and
///   `6,022 × 10²²` beside `6,022 × 10²³` in one text (where figures are mostly computed from
///   one another), `218,3 °C, op hele graden afgerond 219 °C` (°C is no unit).
const AT_LEAST_6: [(&str, usize); 8] = [
    ("percent-slip", 3),
    ("translation-differs", 5),
    ("wrong-conversion", 4),
    ("wrong-power", 2),
    ("wrong-prefix", 5),
    ("wrong-result", 5),
    ("wrong-rounding", 4),
    ("wrong-unit", 3),
];

#[test]
fn planted_errors_in_the_sixth_corpus_are_found() {
    assert_recall("numbers-6-flawed", &AT_LEAST_6);
}

#[test]
fn the_seventh_correct_corpus_lints_clean() {
    clean_but_for("numbers-7", &[]);
}

/// Questions found per kind, at least, as quizkit reaches them: 19 of 24 (first run 12: the
/// false findings on the correct bank taken away took none of these). The misses, and why:
/// - `38 °C is 101,4 °F` (°C and °F are no units);
/// - "171 geslaagd; dat is 93 %" (the total is in another sentence), "Drie lessen van 45
///   minuten is 125 minuten" (a count in words), `8 × 25 = 200 m³` (the computation has no
///   unit to say litres);
/// - "Op hele euro's afgerond is dat € 1.591" (a rounding in a sentence of its own, after an
///   aside).
const AT_LEAST_7: [(&str, usize); 8] = [
    ("percent-slip", 2),
    ("translation-differs", 3),
    ("wrong-conversion", 3),
    ("wrong-power", 3),
    ("wrong-prefix", 3),
    ("wrong-result", 2),
    ("wrong-rounding", 2),
    ("wrong-unit", 2),
];

#[test]
fn planted_errors_in_the_seventh_corpus_are_found() {
    assert_recall("numbers-7-flawed", &AT_LEAST_7);
}

#[test]
fn the_eighth_correct_corpus_lints_clean() {
    clean_but_for("numbers-8", &[]);
}

/// Questions found per kind, at least, as quizkit reaches them: 20 of 32 (19 on the first run,
/// each on its planted sentence; "ruim 3,5 × 10^4 kJ" since "ruim" holds a value to 20%). The
/// misses, and why:
/// - percentages in words: "stijgt met 7 %" for percentage points, "een daling van 30 %",
///   "stijgt je hartslag met 10 %", `¼ = 0,25 %` (a fraction written as a percent);
/// - a unit or prefix wrong where nothing is computed into it (`656,3 µm` as the key, `4,38 kW`
///   for an energy in an option, `= 42 m/s` for m/min, `≈ 1.30 AU` for parsecs, `15,75 kg/m²`);
/// - `10 × 1,852 = 18,52 km` (the sum holds; only the factor is the nautical mile's),
///   `45 × 10^5 pixels` in the stem, "afgerond op tientallen 450 g" (a rounding after a
///   sentence of its own).
const AT_LEAST_8: [(&str, usize); 8] = [
    ("percent-slip", 0),
    ("translation-differs", 4),
    ("wrong-conversion", 3),
    ("wrong-power", 3),
    ("wrong-prefix", 3),
    ("wrong-result", 4),
    ("wrong-rounding", 3),
    ("wrong-unit", 0),
];

#[test]
fn planted_errors_in_the_eighth_corpus_are_found() {
    assert_recall("numbers-8-flawed", &AT_LEAST_8);
}

/// First run: 4 number findings on 2 questions (`= 1,96 × 0,0158`, an expression on the right
/// with a rounded decimal, held to 1e-9; `2x6` against `2 × 6 inch`).
#[test]
fn the_ninth_correct_corpus_lints_clean() {
    clean_but_for("numbers-9", &[]);
}

/// Questions found per kind, at least, as quizkit reaches them: 22 of 32 (first run 19, each
/// on its planted sentence: a value restated in brackets, `310 mijl (ruim 190 km)`, `750 MB
/// (7,5 · 10⁷ bytes)`, is now a claim, and so is a rounding to significant figures). The
/// misses, and why:
/// - a sum that holds with a factor meant as a conversion (`0,012 mg/L × 1 000 = 12 mg/L` for
///   µg/L), a bare computation given the stated unit (`8 × 60 = 480 mg/h` for µg/h);
/// - percentages on the wrong base or in words (`1/4 = 25%` for a fall of 1 in 5, "een
///   totale korting van 20%"), `5 / 20 = 0,25 %` (read as a percentage added up);
/// - a unit wrong where nothing is computed into it (`7,2 m²` for metres, "een element van
///   2,2 kWh"), "vierkante voet" for cubic feet, the gallon (no unit).
const AT_LEAST_9: [(&str, usize); 8] = [
    ("percent-slip", 0),
    ("translation-differs", 4),
    ("wrong-conversion", 3),
    ("wrong-power", 4),
    ("wrong-prefix", 2),
    ("wrong-result", 4),
    ("wrong-rounding", 4),
    ("wrong-unit", 1),
];

#[test]
fn planted_errors_in_the_ninth_corpus_are_found() {
    assert_recall("numbers-9-flawed", &AT_LEAST_9);
}

/// First run: 13 number findings on 5 questions (`37,5 hL`, `6 uur 40 min` read in minutes,
/// `42,5 min / 10 = 4,25 min/km`, Dutch times `09.40 uur` against `09:40`). Left, each named:
/// - nl `09.40 + 4.11 = 13.51 uur` beside en `09:40 + 4 h 11 min = 13:51`: `4.11` is a
///   duration written as a time, which the English writes in units;
/// - options `30 µg` and `0,03 mg` are the same quantity: a true finding, two distractors a
///   learner can rule out together.
const NUMBERS_10_FINDINGS: [(&str, &str); 2] =
    [("zee-eta", "T002"), ("apo-adrenaline-1-op-1000", "K004")];

#[test]
fn the_tenth_correct_corpus_lints_clean_but_for_its_recorded_findings() {
    clean_but_for("numbers-10", &NUMBERS_10_FINDINGS);
}

/// Questions found per kind, at least, as quizkit reaches them: 19 of 32, 17 of them on the
/// planted sentence (first run 19, 16 on the planted sentence; `30 jaar = 300 maanden` since
/// years and months are units); two are found through a
/// notation the translations differ in ("halve liter" beside "500 mL", `4.30` beside "4 h 30
/// min"). The misses, and why: `Eén brouwsel van 5 hL is 50 L` (a plain "is" after a
/// preposition states a circumstance, `bij 20 °C is 50 %`), `0,10 ÷ 0,040 = 2,25 m²·K/W` (the kelvin is no unit),
/// percentages on the wrong base, `40 US gal × 4,546` (the gallon is no unit), a rounding of
/// a figure in another sentence, `bijna € 180 M` (`M` after a currency is no count).
const AT_LEAST_10: [(&str, usize); 8] = [
    ("percent-slip", 2),
    ("translation-differs", 4),
    ("wrong-conversion", 3),
    ("wrong-power", 1),
    ("wrong-prefix", 3),
    ("wrong-result", 3),
    ("wrong-rounding", 1),
    ("wrong-unit", 2),
];

#[test]
fn planted_errors_in_the_tenth_corpus_are_found() {
    assert_recall("numbers-10-flawed", &AT_LEAST_10);
}

/// The eleventh correct bank (written as numbers-13) had one number finding on its first run:
/// `ISO 100 → 1600 is × 16 = 2⁴` read "1600 is × 16" as a product, where the writer means that
/// going from 100 to 1600 is a factor 16. A joining word such as "is" no longer names what a
/// number counts, and the bank lints clean.
#[test]
fn the_eleventh_correct_corpus_lints_clean() {
    clean_but_for("numbers-11", &[]);
}

/// Questions found per kind, at least, on the eleventh planted bank (written as
/// numbers-13-flawed): 19 of 32 on the first run, before any change for it (a question counts
/// when a number rule reports it). Missed: two percentages on the wrong base, a mile as 1,5 km
/// and a print size's wrong factor beside a right sum, two powers of ten in figures that
/// nothing is computed from, two prefixes (`975 Mg`, a frequency in kHz for MHz), two
/// roundings, a crop factor's product, and two units wrong where nothing is computed into them.
const AT_LEAST_11: [(&str, usize); 8] = [
    ("percent-slip", 2),
    ("translation-differs", 4),
    ("wrong-conversion", 2),
    ("wrong-power", 2),
    ("wrong-prefix", 2),
    ("wrong-result", 3),
    ("wrong-rounding", 2),
    ("wrong-unit", 2),
];

#[test]
fn planted_errors_in_the_eleventh_corpus_are_found() {
    assert_recall("numbers-11-flawed", &AT_LEAST_11);
}

/// The number findings on the twelfth correct bank (written as numbers-14), each left in:
/// on its first run it had 7 N005 findings on 4 questions. `van 35 naar 50 °C is 15 K` was
/// read as the conversion of 50 °C (now a range and its width, no pair), and three claims
/// that leave out a "per" (`5,5 h × 0,5 l = 2,75 l`, half a litre an hour; `1.200 m³ ×
/// € 1,40 = € 1.680`) were reported as a result in the wrong dimension; they are now the
/// notes of `unchecked-claim` (N006), which says what was left out. `40 l / 10 = 4 kg` (ten
/// litres of milk per kilo of cheese) is a volume stated as a mass, as written.
const NUMBERS_12_FINDINGS: [(&str, &str); 3] = [
    ("berg-water", "N006"),
    ("wp-besparing", "N006"),
    ("kaas-opbrengst", "N005"),
];

#[test]
fn the_twelfth_correct_corpus_lints_clean_but_for_what_it_writes_loosely() {
    clean_but_for("numbers-12", &NUMBERS_12_FINDINGS);
}

/// Questions found per kind, at least, on the twelfth planted bank (written as
/// numbers-14-flawed; first run 23 of 32, wrong conversion 0 of 4, all four temperatures;
/// now 27: temperatures on two scales are a conversion, and a comparative after the first,
/// `10 °C lager, of 18 °F lager`, makes both differences).
const AT_LEAST_12: [(&str, usize); 8] = [
    ("percent-slip", 2),
    ("translation-differs", 4),
    ("wrong-conversion", 4),
    ("wrong-power", 4),
    ("wrong-prefix", 3),
    ("wrong-result", 3),
    ("wrong-rounding", 4),
    ("wrong-unit", 3),
];

#[test]
fn planted_errors_in_the_twelfth_corpus_are_found() {
    assert_recall("numbers-12-flawed", &AT_LEAST_12);
}
