//! `--color`: whether boards are drawn in colour (when standard output is
//! a terminal, by default). The drawing is `unblocker_model::drawing`.

use std::io::IsTerminal;

/// Whether to use ANSI colours.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColorChoice {
    /// Colour when standard output is a terminal and NO_COLOR is unset.
    #[default]
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    pub fn enabled(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
            }
        }
    }
}
