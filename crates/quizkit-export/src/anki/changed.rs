//! When each question last changed, from the history of its lines.
//!
//! Anki updates an existing note only when the incoming note's `mod` is newer than its own,
//! so a note's `mod` must be the time its question last changed: the same for every export of
//! an unchanged question (nothing rewritten, output reproducible), newer once it is edited. The
//! CLI asks git when each line of a question file was last committed (`git blame`); a question
//! changed when its newest line did. These helpers are the pure part of that: reading blame
//! output, and mapping line times onto the questions of a loaded bank.

use std::collections::{BTreeMap, HashMap};

use quizkit_model::{Bank, FileId, SourceFile};

/// The commit time of each line of a file (0-based), from `git blame --porcelain`: `None` for a
/// line that is not committed yet.
pub fn blame_line_times(porcelain: &str) -> Vec<Option<i64>> {
    let mut commit_times: HashMap<&str, i64> = HashMap::new();
    let mut lines: Vec<Option<i64>> = Vec::new();
    let mut current: Option<(&str, usize)> = None;
    for line in porcelain.lines() {
        if line.starts_with('\t') {
            if let Some((commit, final_line)) = current
                && final_line >= 1
            {
                if lines.len() < final_line {
                    lines.resize(final_line, None);
                }
                lines[final_line - 1] = if commit.bytes().all(|b| b == b'0') {
                    None
                } else {
                    commit_times.get(commit).copied()
                };
            }
        } else if let Some(time) = line.strip_prefix("committer-time ") {
            if let (Some((commit, _)), Ok(time)) = (current, time.trim().parse()) {
                commit_times.insert(commit, time);
            }
        } else {
            let mut parts = line.split(' ');
            if let (Some(commit), Some(_), Some(final_line)) =
                (parts.next(), parts.next(), parts.next())
                && commit.len() == 40
                && commit.bytes().all(|b| b.is_ascii_hexdigit())
                && let Ok(final_line) = final_line.parse()
            {
                current = Some((commit, final_line));
            }
        }
    }
    lines
}

/// When each question of `bank` last changed, by question id: the newest `line_time(file,
/// line)` (0-based line) among the lines of the question, from its `[[question]]` header to the
/// next one.
pub fn question_times(
    bank: &Bank,
    sources: &[SourceFile],
    line_time: impl Fn(FileId, usize) -> i64,
) -> BTreeMap<String, i64> {
    let mut by_file: BTreeMap<FileId, Vec<(&str, usize)>> = BTreeMap::new();
    for (_, _, question) in bank.questions() {
        by_file
            .entry(question.file)
            .or_default()
            .push((question.id.value.as_str(), question.id.span.start));
    }
    let mut times = BTreeMap::new();
    for (file, questions) in by_file {
        let Some(source) = sources.get(file.0 as usize) else {
            continue;
        };
        let text = source.text.as_str();
        let line_starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let line_count = if text.ends_with('\n') {
            line_starts.len() - 1
        } else {
            line_starts.len()
        };
        let line_of = |offset: usize| line_starts.partition_point(|&s| s <= offset) - 1;
        let mut starts: Vec<usize> = questions
            .iter()
            .map(|&(_, offset)| {
                let mut line = line_of(offset.min(text.len()));
                let anchor = line;
                loop {
                    let end = line_starts.get(line + 1).copied().unwrap_or(text.len());
                    let header: String = text[line_starts[line]..end]
                        .chars()
                        .filter(|c| !c.is_whitespace())
                        .collect();
                    if header.starts_with("[[question]]") {
                        break line;
                    }
                    if line == 0 {
                        break anchor;
                    }
                    line -= 1;
                }
            })
            .collect();
        starts.push(line_count);
        for (i, (id, _)) in questions.iter().enumerate() {
            let (from, to) = (starts[i], starts[i + 1].max(starts[i] + 1));
            let newest = (from..to).map(|line| line_time(file, line)).max();
            times.insert((*id).to_owned(), newest.unwrap_or(0));
        }
    }
    times
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLAME: &str = "\
1111111111111111111111111111111111111111 1 1 2
author A
committer-time 100
summary first
filename q.toml
\t[[question]]
1111111111111111111111111111111111111111 2 2
\tid = \"a\"
0000000000000000000000000000000000000000 3 3 1
author Not Committed Yet
committer-time 999
filename q.toml
\tstem = \"edited\"
2222222222222222222222222222222222222222 4 4 1
committer-time 200
filename q.toml
\t[[question]]
1111111111111111111111111111111111111111 5 5
\tid = \"b\"
";

    #[test]
    fn blame_gives_each_line_its_commit_time() {
        assert_eq!(
            blame_line_times(BLAME),
            vec![Some(100), Some(100), None, Some(200), Some(100)]
        );
    }

    #[test]
    fn a_question_changed_when_its_newest_line_did() {
        let text = "#:schema x\n\n[[question]]\nid = \"a\"\nstem = \"A\"\n\n[[question]]\nstem = \"B\"\nid = \"b\"\n\n[[question.options]]\nen = \"x\"\n";
        let files = vec![
            quizkit_model::load::InputFile {
                path: "quizkit.toml".into(),
                content: quizkit_model::Content::Bytes(
                    b"id = \"t\"\nlanguages = [\"en\"]\n".to_vec(),
                ),
            },
            quizkit_model::load::InputFile::text("c/t/q.toml", text),
        ];
        let loaded = quizkit_model::load(files);
        let bank = loaded.bank.as_ref().expect("bank");
        // Line 8 (`id = "b"`, 0-based) is the only one that changed late.
        let times = question_times(bank, &loaded.sources, |_, line| {
            if line == 8 { 50 } else { line as i64 }
        });
        assert_eq!(times["a"], 5, "lines 2..=5 belong to a: {times:?}");
        assert_eq!(times["b"], 50, "{times:?}");
        let times = question_times(bank, &loaded.sources, |_, line| line as i64);
        assert_eq!(times["b"], 11, "b runs to the end of the file: {times:?}");
    }
}
