/// The opening of an HTML report page, down to its open `<style>` with the base style in it: the page adds its own
/// styles, closes the style and the head and writes its body. `title` is markup (escape what comes from the flows).
func htmlPageStart(title: String) -> [String] {
    ["<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">",
     "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">", "<title>\(title)</title>", "<style>"] + baseStyle
}
