//! Data written into the page inside a `<script>` element: the hydration data and JSON-LD.

/// JSON made safe inside `<script>`: no `</script>` or `<!--` can close or confuse the element, and
/// U+2028/U+2029 are escaped for older JavaScript parsers. Only changes characters inside strings,
/// so the value parses to the same data.
pub fn json_for_script(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_json_cannot_close_its_element_and_still_parses_to_the_same_value() {
        let value = serde_json::json!({ "text": "</script><script>alert(1)</script> & <!-- \u{2028}\u{2029}" });
        let safe = json_for_script(&value.to_string());
        assert!(!safe.contains('<') && !safe.contains('>') && !safe.contains('&'));
        assert!(!safe.contains('\u{2028}') && !safe.contains('\u{2029}'));
        assert_eq!(serde_json::from_str::<serde_json::Value>(&safe).unwrap(), value);
    }
}
