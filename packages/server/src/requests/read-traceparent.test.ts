import { describe, expect, it } from 'vitest';
import { readTraceparentTraceId } from './read-traceparent.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';

describe('readTraceparentTraceId', () => {
  it('reads the trace id of a version 00 traceparent, whatever its flags', () => {
    expect(readTraceparentTraceId(`00-${TRACE_ID}-${PARENT_ID}-01`)).toBe(TRACE_ID);
    expect(readTraceparentTraceId(`00-${TRACE_ID}-${PARENT_ID}-00`)).toBe(TRACE_ID);
    expect(readTraceparentTraceId(`00-${TRACE_ID}-${PARENT_ID}-ff`)).toBe(TRACE_ID);
  });

  it.each([
    ['another version', `01-${TRACE_ID}-${PARENT_ID}-01`],
    ['the invalid version ff', `ff-${TRACE_ID}-${PARENT_ID}-01`],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${PARENT_ID}-01`],
    ['an all-zero parent id', `00-${TRACE_ID}-${'0'.repeat(16)}-01`],
    ['uppercase hex', `00-${TRACE_ID.toUpperCase()}-${PARENT_ID}-01`],
    ['a short trace id', `00-${TRACE_ID.slice(1)}-${PARENT_ID}-01`],
    ['a long parent id', `00-${TRACE_ID}-${PARENT_ID}0-01`],
    ['one-digit flags', `00-${TRACE_ID}-${PARENT_ID}-1`],
    ['a field after the flags', `00-${TRACE_ID}-${PARENT_ID}-01-extra`],
    ['surrounding spaces', ` 00-${TRACE_ID}-${PARENT_ID}-01 `],
    ['a non-hex digit', `00-${TRACE_ID.replace('4', 'g')}-${PARENT_ID}-01`],
    ['nothing', ''],
  ])('ignores %s', (_case, traceparent) => {
    expect(readTraceparentTraceId(traceparent)).toBeUndefined();
  });
});
