import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { temporal } from '@temporalio/proto';
import * as proto from '@temporalio/proto';
import { patchProtobufRoot } from '@temporalio/proto/lib/patch-protobuf-root';

type FromJson = (type: unknown, json: unknown, options: { ignoreUnknownFields: boolean }) => temporal.api.history.v1.IHistory | null;

/**
 * protojson from the protobufjs that built @temporalio/proto's root. The SDK's historyFromJSON (which runReplayHistories
 * calls on a JSON history) loads protojson from @temporalio/common's own copy of protobufjs; in this install the two
 * packages each carry one (a top-level protobufjs 7 keeps 8 from being shared), and protojson's `instanceof Type` check
 * fails across copies ("type must be a Type"). Resolved from @temporalio/proto, this works in either layout.
 */
const protoDir = path.dirname(require.resolve('@temporalio/proto/package.json'));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a path resolved at run time, see above
const { fromJson } = require(require.resolve('protobufjs/ext/protojson', { paths: [protoDir] })) as { fromJson: FromJson };
// The generated module's types lack the root's lookupType (the SDK casts the same way).
const root = patchProtobufRoot(proto) as unknown as { lookupType(name: string): unknown };
const historyType = root.lookupType('temporal.api.history.v1.History');

/**
 * A history file as `temporal workflow show --output json` writes it, decoded to the History message. The CLI writes
 * enum values in their full constant form, so the SDK's fix-ups for older tools' short forms are not needed.
 */
export function readHistory(file: string): temporal.api.history.v1.IHistory {
  const history = fromJson(historyType, JSON.parse(readFileSync(file, 'utf8')), { ignoreUnknownFields: true });
  if (!history?.events?.length) throw new TypeError(`${file}: not a history`);
  return history;
}
