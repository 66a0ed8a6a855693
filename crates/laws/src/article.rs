//! Citations of the Laws and regulations.
//!
//! Every ruling and decision carries the provision it rests on so that a user
//! interface can show it next to the decision.
//!
//! ```
//! use laws::Article;
//!
//! let a = Article::new("Art. 9.6.1");
//! assert_eq!(a.to_string(), "Art. 9.6.1");
//! ```

use std::fmt;

/// A provision such as `Art. 9.6.1`, `Guideline II.1`, `Appendix C.10` or `SJRP §4.5`,
/// written exactly as it is shown to users.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Article(&'static str);

impl Article {
    /// Wraps a citation written out in full, e.g. `"Art. 5.2.2"`.
    pub const fn new(citation: &'static str) -> Article {
        Article(citation)
    }

    /// The citation as written.
    pub const fn as_str(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for Article {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}
