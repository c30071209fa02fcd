package host

import (
	"strings"
	"testing"
)

// The page and its script come from the binary itself (go:embed): no
// build step, nothing from another site; the page forbids scripts from
// elsewhere and sends no referrer (the link's token is in its fragment,
// never sent, but a page should not leak even its path).
func TestPageIsEmbedded(t *testing.T) {
	ts := startServer(t, "tictactoe", "human,human", 1, "")
	code, page := ts.call(t, "GET", "/play", "", nil)
	if code != 200 || !strings.Contains(string(page), `<script src="/static/app.js">`) {
		t.Fatalf("/play: %d %s", code, page)
	}
	if strings.Contains(string(page), "http") {
		t.Error("the page loads something from another site")
	}
	for _, f := range []string{"/static/app.js", "/static/style.css"} {
		if code, body := ts.call(t, "GET", f, "", nil); code != 200 || len(body) < 200 {
			t.Errorf("%s: %d, %d bytes", f, code, len(body))
		}
	}
	if code, _ := ts.call(t, "GET", "/static/../serve.json", "", nil); code == 200 {
		t.Error("the server's folder is reachable through /static/")
	}
}
