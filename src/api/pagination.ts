// The keyset cursor lives in src/domain/cursor.ts (use cases page with it too); the routes import it from here.
export { afterCursor, decodeCursor, encodeCursor, type Cursor } from '../domain/cursor';
