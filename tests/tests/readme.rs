//! The README stays true to the binary: its rule count, every `quizkit calc` example with the
//! output it shows, and every command and flag its examples use. (The rule table lives in the
//! book; `tests/tests/book.rs` keeps it and each rule's page in sync.)

use quizkit_tests::{quizkit, run, workspace_root};

fn readme() -> String {
    std::fs::read_to_string(workspace_root().join("README.md")).expect("README.md")
}

/// Every `$ quizkit …` line of the README's console blocks, with the lines it shows as output
/// (up to the next `$` line or the end of the block).
fn examples(text: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let mut in_console = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            in_console = trimmed == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(cmd) = trimmed.strip_prefix("$ ") {
            out.push((cmd.to_owned(), Vec::new()));
        } else if let Some((_, output)) = out.last_mut() {
            output.push(trimmed.to_owned());
        }
    }
    out
}

/// `"a b" c` → `["a b", "c"]`: the words of a shell line with double quotes.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
            }
            _ => word.push(c),
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

#[test]
fn the_rule_count_is_the_number_of_rules() {
    let count = quizkit_lint::rules::ALL.len();
    assert!(
        readme().contains(&format!("**Lint**: {count} rules")),
        "the README's rule count is stale: quizkit has {count} rules"
    );
}

#[test]
fn every_calc_example_prints_what_the_readme_shows() {
    let calcs: Vec<_> = examples(&readme())
        .into_iter()
        .filter(|(cmd, _)| cmd.starts_with("quizkit calc "))
        .collect();
    assert!(calcs.len() >= 2, "the README shows no calc example");
    for (cmd, shown) in calcs {
        let args = words(&cmd);
        let out = run(quizkit().args(&args[1..]));
        let printed = String::from_utf8_lossy(&out.stdout);
        let printed: Vec<&str> = printed.lines().collect();
        assert_eq!(
            printed, shown,
            "`{cmd}` prints something else than the README shows"
        );
    }
}

#[test]
fn every_command_and_flag_of_the_examples_exists() {
    let text = readme();
    let mut lines: Vec<String> = examples(&text).into_iter().map(|(cmd, _)| cmd).collect();
    // Commands in `sh` blocks and inline code too: `quizkit …` up to the closing backquote.
    lines.extend(
        text.split('`')
            .filter(|s| s.starts_with("quizkit "))
            .map(str::to_owned),
    );
    let mut checked = 0;
    for line in lines {
        for part in line.split("&&") {
            let args = words(part.trim());
            if args.first().map(String::as_str) != Some("quizkit") || args.len() < 2 {
                continue;
            }
            // The command and its subcommands (`new bank`): the words before the first flag.
            let path: Vec<&str> = args[1..]
                .iter()
                .map(String::as_str)
                .take_while(|a| !a.starts_with('-'))
                .collect();
            let sub = path.first().copied().unwrap_or_default();
            let help = run(quizkit().args(&path).arg("--help"));
            assert!(
                help.status.success(),
                "the README uses `quizkit {sub}`, which is no command"
            );
            let help = String::from_utf8_lossy(&help.stdout);
            for flag in args.iter().filter(|a| a.starts_with("--")) {
                assert!(
                    help.contains(flag.as_str()),
                    "the README uses `quizkit {sub} {flag}`, which `quizkit {sub} --help` does not list"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 8, "only {checked} commands found in the README");
}
