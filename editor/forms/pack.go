package forms

import "fmt"

// count is n and the noun, plural but for one: "1 error", "3 warnings".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
