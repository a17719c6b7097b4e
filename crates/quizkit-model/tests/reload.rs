//! `reload` gives what `load` of all the files gives, for every kind of edit of a question
//! file: a changed text, a question added or removed, a broken file and its fix, a language
//! the bank does not have; and it refuses what it cannot do in place.

use quizkit_model::{Content, InputFile, Loaded, NotInPlace, load, reload};

fn file(path: &str, text: &str) -> InputFile {
    InputFile::text(path, text)
}

fn question(id: &str, stem: &str) -> String {
    format!(
        "[[question]]\nid = \"{id}\"\nstem.en = \"{stem}\"\nstem.nl = \"{stem} (nl)\"\nanswer = \"A\"\noptions = [\"One\", \"Two\", \"Three\"]\n\n"
    )
}

fn bank(edited: &str) -> Vec<InputFile> {
    vec![
        file("quizkit.toml", "id = \"b\"\nlanguages = [\"en\", \"nl\"]\n"),
        file("c/category.toml", "title = \"C\"\n"),
        file("c/t/topic.toml", "title = \"T\"\n"),
        file("c/t/01.toml", &question("first", "First?")),
        file("c/t/02.toml", edited),
        file("c/t/03.toml", &question("third", "Third?")),
        file("c/u/01.toml", &question("other", "Other?")),
    ]
}

fn same(a: &Loaded, b: &Loaded) {
    assert_eq!(a.bank, b.bank);
    assert_eq!(a.sources, b.sources);
    let key = |l: &Loaded| {
        let mut d: Vec<String> = l.diagnostics.iter().map(|d| format!("{d:?}")).collect();
        d.sort();
        d
    };
    assert_eq!(key(a), key(b));
}

#[test]
fn a_reloaded_file_gives_what_a_full_load_gives() {
    let second = question("second", "Second?");
    let edits = [
        question("second", "Second, edited?"),
        format!("{second}{}", question("added", "Added?")),
        String::new(),
        "[[question]\nid = ".to_owned(),
        second.replace("stem.nl", "stem.de"),
        question("Bad Id", "Second?"),
        second.clone(),
    ];
    let mut loaded = load(bank(&second));
    assert!(
        loaded.bank.is_some() && !loaded.has_errors(),
        "{:?}",
        loaded.diagnostics
    );
    for edit in edits {
        reload(&mut loaded, vec![file("c/t/02.toml", &edit)]).expect("in place");
        same(&loaded, &load(bank(&edit)));
    }
    // A file that cannot be read, then readable again.
    let unreadable = InputFile {
        path: "c/t/02.toml".to_owned(),
        content: Content::Unreadable("permission denied".to_owned()),
    };
    reload(&mut loaded, vec![unreadable.clone()]).expect("in place");
    let mut files = bank(&second);
    files[4] = unreadable;
    same(&loaded, &load(files));
    reload(&mut loaded, vec![file("c/t/02.toml", &second)]).expect("in place");
    same(&loaded, &load(bank(&second)));
}

#[test]
fn what_is_not_a_known_question_file_is_refused_and_changes_nothing() {
    let second = question("second", "Second?");
    let mut loaded = load(bank(&second));
    let before = format!("{:?}", (&loaded.bank, &loaded.sources, &loaded.diagnostics));
    for path in [
        "c/t/04.toml",
        "c/t/topic.toml",
        "c/category.toml",
        "quizkit.toml",
    ] {
        assert_eq!(
            reload(
                &mut loaded,
                vec![
                    file("c/t/01.toml", "x"),
                    file(path, &question("new", "New?"))
                ]
            ),
            Err(NotInPlace::NotAQuestionFile(path.to_owned()))
        );
    }
    assert_eq!(
        format!("{:?}", (&loaded.bank, &loaded.sources, &loaded.diagnostics)),
        before
    );
    let mut broken = load(vec![file("quizkit.toml", "id = ")]);
    assert_eq!(
        reload(&mut broken, vec![file("c/t/01.toml", "")]),
        Err(NotInPlace::NoBank)
    );
}
