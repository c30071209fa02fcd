package host

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"
	"testing/fstest"

	"github.com/rulestudio/studio/graph"
)

// TestPageLinksAndServesImages: Hearts with an image hint for its cards
// ("img/suit-{type}.svg"), the images in the server's Config.Images. A
// seat's picture links the images of the cards it sees under /api/ (no
// bytes embedded), and the API serves each with that seat's token, as an
// SVG, the bytes of the file; without a token, with another match's, for
// a path no hint names or one the folder has not, it is refused and
// nothing is served.
func TestPageLinksAndServesImages(t *testing.T) {
	pack := bundled(t, "hearts")
	pack.Display.Cards[0].Image = graph.Image{Path: "img/suit-{type}.svg"}
	images := fstest.MapFS{"secret.svg": {Data: []byte("<svg/>")}}
	for _, suit := range []string{"1", "2", "3", "4"} {
		images["img/suit-"+suit+".svg"] = &fstest.MapFile{Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>` + suit + `</text></svg>`)}
	}
	delete(images, "img/suit-4.svg") // diamonds' image missing: those cards read by their text
	srv, err := New(Config{Pack: pack, Source: "hearts", Seats: seatsOf("human,human,human,human"), Seed: 1, Matches: 2, State: t.TempDir(), Images: images})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	ts := &testServer{Server: srv, url: hs.URL, tokens: srv.state.Tokens}
	tok := ts.tokens[0][1]

	st := ts.state(t, 1, tok)
	svg := st.Picture.SVG
	if bytes.Contains([]byte(svg), []byte("data:")) {
		t.Error("the picture embeds an image's bytes")
	}
	links := regexp.MustCompile(`href="(/api/matches/1/images/[^"]+)"`).FindAllStringSubmatch(svg, -1)
	if len(links) == 0 {
		t.Fatalf("the picture links no image:\n%s", svg)
	}
	seen := map[string]bool{}
	for _, l := range links {
		seen[l[1]] = true
	}
	for url := range seen {
		code, body := ts.call(t, "GET", url, tok, nil)
		path := url[len("/api/matches/1/images/"):]
		if f, ok := images[path]; !ok || code != http.StatusOK || !bytes.Equal(body, f.Data) {
			t.Errorf("GET %s: %d %q; want 200 and the bytes of %s", url, code, body, path)
		}
	}
	if seen["/api/matches/1/images/img/suit-4.svg"] {
		t.Error("the picture links diamonds' image, which the folder has not")
	}

	req, _ := http.NewRequest("GET", hs.URL+"/api/matches/1/images/img/suit-2.svg", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "image/svg+xml" {
		t.Errorf("an SVG image served as %q", ct)
	}
	for _, c := range []struct {
		path, token string
		code        int
	}{
		{"/api/matches/1/images/img/suit-2.svg", "", http.StatusForbidden},
		{"/api/matches/1/images/img/suit-2.svg", ts.tokens[1][1], http.StatusForbidden},
		{"/api/matches/1/images/secret.svg", tok, http.StatusNotFound},
		{"/api/matches/1/images/img/suit-4.svg", tok, http.StatusNotFound},
		{"/api/matches/1/images/img/../secret.svg", tok, http.StatusNotFound},
		{"/api/matches/1/images/img/suit-%2e%2e%2fsecret.svg", tok, http.StatusNotFound},
	} {
		if code, body := ts.call(t, "GET", c.path, c.token, nil); code != c.code || bytes.Contains(body, []byte("<svg")) {
			t.Errorf("GET %s: %d %q, want %d and no image", c.path, code, body, c.code)
		}
	}
}
