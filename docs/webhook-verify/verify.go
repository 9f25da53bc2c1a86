// Verifies a gateway webhook (docs/webhooks.md): the raw body on stdin, the X-Signature header as the first
// argument, the secret in WEBHOOK_SECRET, optionally a tolerance in seconds for |now - t| as the second argument.
// Exit 0: valid; 1: not valid; 2: usage. Standard library only.
//
//	WEBHOOK_SECRET=... go run verify.go "$X_SIGNATURE" [toleranceSeconds] < body
package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"
)

var (
	hex64   = regexp.MustCompile(`^[0-9a-fA-F]{64}$`)
	seconds = regexp.MustCompile(`^[0-9]{1,15}$`)
	digits  = regexp.MustCompile(`^[0-9]+$`)
)

// Verify answers whether header signs rawBody with secret; tolerance < 0 means no bound on |now - t|.
func Verify(secret []byte, header string, rawBody []byte, tolerance int64) bool {
	t := ""
	seenT := false
	var candidates [][]byte
	for _, part := range strings.Split(header, ",") {
		key, value, found := strings.Cut(part, "=")
		if !found {
			continue
		}
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if key == "t" {
			if seenT {
				return false // two timestamps: ambiguous, refuse
			}
			t, seenT = value, true
		} else if key == "v1" && hex64.MatchString(value) {
			sig, _ := hex.DecodeString(value)
			candidates = append(candidates, sig)
		}
	}
	if !seenT || !seconds.MatchString(t) || len(candidates) == 0 {
		return false
	}
	if tolerance >= 0 {
		ts, _ := strconv.ParseInt(t, 10, 64)
		diff := time.Now().Unix() - ts
		if diff < 0 {
			diff = -diff
		}
		if diff > tolerance {
			return false
		}
	}
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(t + "."))
	mac.Write(rawBody)
	expected := mac.Sum(nil)
	ok := false
	for _, candidate := range candidates {
		if hmac.Equal(candidate, expected) {
			ok = true
		}
	}
	return ok
}

func main() {
	secret := os.Getenv("WEBHOOK_SECRET")
	args := os.Args[1:]
	if secret == "" || len(args) < 1 || len(args) > 2 || (len(args) == 2 && !digits.MatchString(args[1])) {
		fmt.Fprintln(os.Stderr, `usage: WEBHOOK_SECRET=... go run verify.go "<X-Signature>" [toleranceSeconds] < body`)
		os.Exit(2)
	}
	tolerance := int64(-1)
	if len(args) == 2 {
		tolerance, _ = strconv.ParseInt(args[1], 10, 64)
	}
	body, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cannot read the body:", err)
		os.Exit(2)
	}
	if Verify([]byte(secret), args[0], body, tolerance) {
		os.Exit(0)
	}
	os.Exit(1)
}
