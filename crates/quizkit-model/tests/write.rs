//! The writer's output loads back to the values written: for any value (proptest) and for
//! every file of the shipped bank.

mod common;

use common::{BankTexts, Values, load, values};
use proptest::prelude::*;
use quizkit_model::{LocalizedText, Question, write};

fn write_all(v: &Values) -> BankTexts {
    BankTexts {
        config: write::bank_file(&v.config, Some("../schema/quizkit.schema.json")),
        category: write::category_file(&v.category, None),
        topic: write::topic_file(&v.topic, Some("../../../schema/topic.schema.json")),
        questions: write::question_file(
            &v.questions,
            Some("../../../schema/questions.schema.json"),
        ),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn written_values_load_back_equal(
        config in common::config(),
        category in common::category(),
        topic in common::topic(),
        questions in common::questions(),
    ) {
        let v = Values { config, category, topic, questions };
        let texts = write_all(&v);
        let loaded = load(&texts);
        let errors: Vec<_> = loaded
            .diagnostics
            .iter()
            .map(|d| format!("{} {}", d.code, d.message))
            .collect();
        prop_assert!(errors.is_empty(), "{errors:?}\n{}\n{}\n{}", texts.config, texts.topic, texts.questions);
        let back = values(&loaded).expect("a bank");
        prop_assert_eq!(back, v, "{}\n{}\n{}", texts.config, texts.topic, texts.questions);
    }
}

#[test]
fn every_shipped_file_is_written_back_to_the_same_values() {
    let files = common::shipped_files();
    let loaded = common::load_files(&files);
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    let bank = loaded.bank.as_ref().expect("the shipped bank loads");
    let mut rewritten = vec![(
        "quizkit.toml".to_owned(),
        write::bank_file(&bank.config, Some("../schema/quizkit.schema.json")),
    )];
    let mut count = 0;
    for category in &bank.categories {
        rewritten.push((
            format!("{}/category.toml", category.slug),
            write::category_file(&category.meta, None),
        ));
        for topic in &category.topics {
            let dir = format!("{}/{}", category.slug, topic.slug);
            rewritten.push((
                format!("{dir}/topic.toml"),
                write::topic_file(&topic.meta, None),
            ));
            // One file per question, so every question goes through the writer on its own.
            for q in &topic.questions {
                rewritten.push((
                    format!("{dir}/{}.toml", q.id.value),
                    write::question_file(std::slice::from_ref(q), None),
                ));
                count += 1;
            }
        }
    }
    assert!(count >= 50, "{count} questions");
    let again = common::load_files(&rewritten);
    assert!(again.diagnostics.is_empty(), "{:?}", again.diagnostics);
    // Questions are in other files now, so in another order: sorted by id, they are the same.
    let sorted = |l: &quizkit_model::Loaded| {
        let mut bank = common::bank_without_spans(l).expect("a bank");
        let mut questions: Vec<Question> = Vec::new();
        for topic in bank.categories.iter_mut().flat_map(|c| c.topics.iter_mut()) {
            questions.append(&mut topic.questions);
        }
        questions.sort_by(|a, b| a.id.value.cmp(&b.id.value));
        (bank, questions)
    };
    assert!(sorted(&again) == sorted(&loaded));
}

#[test]
fn a_question_is_written_in_the_readme_layout() {
    let mut q = Question::new(
        "sparsity-2-4",
        LocalizedText::from_entries([("nl", "Welke \"2:4\"?"), ("en", "Which \"2:4\"?")]),
    );
    q.answer = Some(quizkit_model::Spanned::unspanned(
        quizkit_model::AnswerKey::single('A'),
    ));
    q.explanation = Some(quizkit_model::Spanned::unspanned(LocalizedText::single(
        "en", "Because.",
    )));
    q.tags = vec![quizkit_model::Spanned::unspanned("sparsity".to_owned())];
    q.options = vec![
        quizkit_model::Spanned::unspanned(quizkit_model::Choice::new(LocalizedText::from_entries(
            [("nl", "Ja"), ("en", "Yes")],
        ))),
        quizkit_model::Spanned::unspanned(
            quizkit_model::Choice::new(LocalizedText::plain("No"))
                .with_feedback(LocalizedText::single("en", "Think again.\nTwice.")),
        ),
    ];
    let text = write::question_file(&[q], Some("../../../schema/questions.schema.json"));
    assert_eq!(
        text,
        r#"#:schema ../../../schema/questions.schema.json

[[question]]
id = "sparsity-2-4"
stem.nl = "Welke \"2:4\"?"
stem.en = "Which \"2:4\"?"
answer = "A"
explanation.en = """Because."""
tags = ["sparsity"]

[[question.options]]
nl = "Ja"
en = "Yes"

[[question.options]]
text = "No"
feedback.en = """Think again.
Twice."""
"#
    );
}
