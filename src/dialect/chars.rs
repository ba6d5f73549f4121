//! Characters a reader cannot see, or can take for others, named for messages.
//!
//! A message that quotes the text it stopped at is no help when the culprit is invisible (a
//! byte-order mark, a zero width space, a no-break space) or looks like the character that
//! was meant (a Cyrillic `С` for `C`, a Greek `Ν` for `N`, a curly quote, a fullwidth digit).
//! [`name`] says what such a character is, by its code point. Only messages use this module;
//! it knows nothing of the grammar.

/// What `c` is, when a reader could not see it or could take it for another character: its
/// code point and name, and what it looks like (`U+039D (Greek capital letter nu, which looks
/// like N)`). `None` for the characters that show as what they are.
pub fn name(c: char) -> Option<String> {
    let code = u32::from(c);
    if c.is_ascii() && !c.is_ascii_control() {
        return None;
    }
    if let Some(name) = invisible(c) {
        return Some(format!("U+{code:04X} ({name})"));
    }
    if c.is_control() {
        return Some(format!("U+{code:04X} (a control character)"));
    }
    if let Some((name, like)) = look_alike(c) {
        return Some(format!("U+{code:04X} ({name}, which looks like {like})"));
    }
    // Fullwidth forms of ASCII, as East Asian input methods type them.
    if ('\u{ff01}'..='\u{ff5e}').contains(&c) {
        let like = char::from_u32(code - 0xff01 + 0x21).unwrap_or('?');
        return Some(format!("U+{code:04X} (a fullwidth '{like}')"));
    }
    if c.is_whitespace() {
        return Some(format!("U+{code:04X} (a space that is not ASCII)"));
    }
    None
}

/// The [`name`] of the first character of `text` that has one, to follow a quotation of
/// `text` in a message.
pub fn first_named(text: &str) -> Option<String> {
    text.chars().find_map(name)
}

fn invisible(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{feff}' => "a byte-order mark",
        '\u{200b}' => "a zero width space",
        '\u{200c}' => "a zero width non-joiner",
        '\u{200d}' => "a zero width joiner",
        '\u{2060}' => "a word joiner",
        '\u{180e}' => "a Mongolian vowel separator",
        '\u{00ad}' => "a soft hyphen",
        '\u{200e}' => "a left-to-right mark",
        '\u{200f}' => "a right-to-left mark",
        '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => "a bidirectional text control",
        '\u{00a0}' => "a no-break space",
        '\u{202f}' => "a narrow no-break space",
        '\u{2007}' => "a figure space",
        '\u{2000}'..='\u{200a}' => "a typographic space",
        '\u{205f}' => "a medium mathematical space",
        '\u{3000}' => "an ideographic space",
        '\u{1680}' => "an Ogham space mark",
        '\u{0085}' => "a next line control",
        '\u{2028}' => "a line separator",
        '\u{2029}' => "a paragraph separator",
        '\u{fffd}' => "the replacement character (bytes that could not be decoded)",
        _ => return None,
    })
}

fn look_alike(c: char) -> Option<(&'static str, &'static str)> {
    Some(match c {
        '\u{2018}' => ("a left single quotation mark", "'"),
        '\u{2019}' => ("a right single quotation mark", "'"),
        '\u{201a}' => ("a single low quotation mark", ","),
        '\u{201c}' => ("a left double quotation mark", "\""),
        '\u{201d}' => ("a right double quotation mark", "\""),
        '\u{201e}' => ("a double low quotation mark", "\""),
        '\u{00ab}' | '\u{00bb}' => ("a guillemet", "\""),
        '\u{2032}' => ("a prime", "'"),
        '\u{2033}' => ("a double prime", "\""),
        '\u{2010}' => ("a hyphen", "-"),
        '\u{2011}' => ("a non-breaking hyphen", "-"),
        '\u{2012}' => ("a figure dash", "-"),
        '\u{2013}' => ("an en dash", "-"),
        '\u{2014}' => ("an em dash", "-"),
        '\u{2212}' => ("a minus sign", "-"),
        '\u{00d7}' => ("a multiplication sign", "x"),
        '\u{2044}' => ("a fraction slash", "/"),
        '\u{2215}' => ("a division slash", "/"),
        '\u{2024}' => ("a one dot leader", "."),
        '\u{00b7}' => ("a middle dot", "."),
        '\u{2026}' => ("an ellipsis", "..."),
        '\u{0430}' => ("Cyrillic small letter a", "a"),
        '\u{0441}' => ("Cyrillic small letter es", "c"),
        '\u{0435}' => ("Cyrillic small letter ie", "e"),
        '\u{043e}' => ("Cyrillic small letter o", "o"),
        '\u{0440}' => ("Cyrillic small letter er", "p"),
        '\u{0445}' => ("Cyrillic small letter ha", "x"),
        '\u{0443}' => ("Cyrillic small letter u", "y"),
        '\u{0456}' => ("Cyrillic small letter byelorussian-ukrainian i", "i"),
        '\u{0410}' => ("Cyrillic capital letter a", "A"),
        '\u{0412}' => ("Cyrillic capital letter ve", "B"),
        '\u{0415}' => ("Cyrillic capital letter ie", "E"),
        '\u{041a}' => ("Cyrillic capital letter ka", "K"),
        '\u{041c}' => ("Cyrillic capital letter em", "M"),
        '\u{041d}' => ("Cyrillic capital letter en", "H"),
        '\u{041e}' => ("Cyrillic capital letter o", "O"),
        '\u{0420}' => ("Cyrillic capital letter er", "P"),
        '\u{0421}' => ("Cyrillic capital letter es", "C"),
        '\u{0422}' => ("Cyrillic capital letter te", "T"),
        '\u{0425}' => ("Cyrillic capital letter ha", "X"),
        '\u{0391}' => ("Greek capital letter alpha", "A"),
        '\u{0392}' => ("Greek capital letter beta", "B"),
        '\u{0395}' => ("Greek capital letter epsilon", "E"),
        '\u{0396}' => ("Greek capital letter zeta", "Z"),
        '\u{0397}' => ("Greek capital letter eta", "H"),
        '\u{0399}' => ("Greek capital letter iota", "I"),
        '\u{039a}' => ("Greek capital letter kappa", "K"),
        '\u{039c}' => ("Greek capital letter mu", "M"),
        '\u{039d}' => ("Greek capital letter nu", "N"),
        '\u{039f}' => ("Greek capital letter omicron", "O"),
        '\u{03a1}' => ("Greek capital letter rho", "P"),
        '\u{03a4}' => ("Greek capital letter tau", "T"),
        '\u{03a5}' => ("Greek capital letter upsilon", "Y"),
        '\u{03a7}' => ("Greek capital letter chi", "X"),
        '\u{03bf}' => ("Greek small letter omicron", "o"),
        '\u{0131}' => ("Latin small letter dotless i", "i"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_and_look_alike_characters_are_named_by_code_point() {
        assert_eq!(name('\u{feff}').as_deref(), Some("U+FEFF (a byte-order mark)"));
        assert_eq!(name('\u{a0}').as_deref(), Some("U+00A0 (a no-break space)"));
        assert_eq!(name('\u{200b}').as_deref(), Some("U+200B (a zero width space)"));
        assert_eq!(name('\u{1f}').as_deref(), Some("U+001F (a control character)"));
        assert_eq!(name('\u{39d}').as_deref(), Some("U+039D (Greek capital letter nu, which looks like N)"));
        assert_eq!(name('\u{201c}').as_deref(), Some("U+201C (a left double quotation mark, which looks like \")"));
        assert_eq!(name('\u{ff11}').as_deref(), Some("U+FF11 (a fullwidth '1')"));
        assert_eq!(name('\u{2009}').as_deref(), Some("U+2009 (a typographic space)"));
        // What shows as itself is not named.
        for c in ['N', 'é', '½', '±', '♘', '\n'] {
            assert!(name(c).is_none() || c == '\n', "{c:?}");
        }
        assert_eq!(first_named("e4\u{200b}").as_deref(), Some("U+200B (a zero width space)"));
        assert_eq!(first_named("Nf3"), None);
    }
}
