package input

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// EnvLimits is the environment variable that sets limits when the program
// starts, in the form of --max-size: "pack=64MB,record=1GB".
const EnvLimits = "RULESTUDIO_MAX_SIZE"

// units are the suffixes ParseSize knows, binary as the studio counts:
// a MB is 2^20 bytes.
var units = []struct {
	suffix string
	bytes  int64
}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}, {"B", 1}}

// ParseSize reads a size: a whole number of bytes, or one followed by KB, MB
// or GB (2^10, 2^20, 2^30 bytes; case and a space before the unit do not
// matter). It must be more than zero.
func ParseSize(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	mult := int64(1)
	for _, u := range units {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.bytes
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n <= 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("size %q: want a number of bytes more than zero, or one with KB, MB or GB (64MB)", s)
	}
	return n * mult, nil
}

// FormatSize writes n bytes in the largest unit that divides it, or with one
// decimal in MB or GB: 32MB, 1.5GB, 700B.
func FormatSize(n int64) string {
	for _, u := range units[:3] {
		if n >= u.bytes {
			if n%u.bytes == 0 {
				return fmt.Sprintf("%d%s", n/u.bytes, u.suffix)
			}
			if u.bytes > 1<<10 {
				return strconv.FormatFloat(float64(n)/float64(u.bytes), 'f', 1, 64) + u.suffix
			}
		}
	}
	return fmt.Sprintf("%dB", n)
}

// roundUp rounds n up to a whole number of MB.
func roundUp(n int64) int64 { return (n + 1<<20 - 1) &^ (1<<20 - 1) }

// ParseLimits sets the limits a list gives: "KIND=SIZE" items separated by
// commas (pack=64MB,record=1GB), KIND one of Kinds' names. Nothing is set
// when an item is wrong.
func ParseLimits(list string) error {
	set := map[*Kind]int64{}
	for _, item := range strings.Split(list, ",") {
		if strings.TrimSpace(item) == "" {
			continue
		}
		name, size, ok := strings.Cut(item, "=")
		k := kindNamed(strings.TrimSpace(name))
		if !ok || k == nil {
			return fmt.Errorf("limit %q: want KIND=SIZE, KIND one of %s", item, kindNames())
		}
		n, err := ParseSize(size)
		if err != nil {
			return fmt.Errorf("limit %q: %w", item, err)
		}
		set[k] = n
	}
	for k, n := range set {
		k.SetLimit(n)
	}
	return nil
}

func kindNamed(name string) *Kind {
	for _, k := range Kinds {
		if k.Name == name {
			return k
		}
	}
	return nil
}

func kindNames() string {
	var names []string
	for _, k := range Kinds {
		names = append(names, k.Name)
	}
	return strings.Join(names, ", ")
}

// FromEnv sets the limits $RULESTUDIO_MAX_SIZE gives (see [ParseLimits]);
// the program calls it when it starts.
func FromEnv() error {
	v := os.Getenv(EnvLimits)
	if v == "" {
		return nil
	}
	if err := ParseLimits(v); err != nil {
		return fmt.Errorf("%s: %w", EnvLimits, err)
	}
	return nil
}
