//! `quizkit schema`: the JSON Schemas of the bank's files.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use quizkit_model::schema;

use crate::EXIT_OK;
use crate::cli::GlobalArgs;
use crate::fsio::{Failure, write_atomic};

/// Arguments of `quizkit schema`.
#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// Which schema to print: questions, topic, category or quizkit. Without it, the names are
    /// listed.
    pub name: Option<String>,
    /// Write every schema into this folder instead (as the committed `schema/` holds them).
    #[arg(long, value_name = "DIR", conflicts_with = "name")]
    pub write: Option<PathBuf>,
}

/// Runs `quizkit schema`.
pub fn run(global: &GlobalArgs, args: &SchemaArgs) -> Result<u8, Failure> {
    let schemas = schema::all();
    let mut stdout = std::io::stdout();
    let print = |stdout: &mut std::io::Stdout, text: &str| {
        stdout
            .write_all(text.as_bytes())
            .map_err(|e| Failure::new(format!("cannot write to standard output: {e}")))
    };
    if let Some(dir) = &args.write {
        for s in &schemas {
            write_atomic(&dir.join(s.name), s.json.as_bytes())?;
            if global.verbose {
                eprintln!("wrote {}", dir.join(s.name).display());
            }
        }
        return Ok(EXIT_OK);
    }
    let names: Vec<&str> = schemas
        .iter()
        .map(|s| s.name.trim_end_matches(".schema.json"))
        .collect();
    match &args.name {
        None => print(&mut stdout, &format!("{}\n", names.join("\n")))?,
        Some(name) => {
            let Some(s) = schemas
                .iter()
                .find(|s| s.name.trim_end_matches(".schema.json") == name)
            else {
                let mut failure = Failure::new(format!("there is no schema `{name}`"));
                failure = match quizkit_model::suggest::did_you_mean(name, names.iter().copied()) {
                    Some(s) => failure.with_help(format!("did you mean `{s}`?")),
                    None => failure.with_help(format!("the schemas are {}", names.join(", "))),
                };
                return Err(failure);
            };
            print(&mut stdout, &s.json)?;
        }
    }
    Ok(EXIT_OK)
}
