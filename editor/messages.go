package editor

import "fmt"

// count is n and the noun, plural but for one: "1 diagnostic", "3 states".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
