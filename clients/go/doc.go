// Package gateway is a Go client of the crypto payment gateway's HTTP API, generated from its OpenAPI document by
// oapi-codegen v2.8.2 into gateway.gen.go (`npm run client:go`, which also builds it). The generated file is not
// committed: CI generates and compiles it from the current document on every run.
package gateway
