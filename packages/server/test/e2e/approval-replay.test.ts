import { createRedisLimitStore } from '@apcore-mcp/redis';
import {
  createRecordingLogger,
  redisSkipReason,
  startRedisServer,
  type TestRedisServer,
} from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useInteractiveHttpServers } from '../helpers/interactive-http.js';
import { postToolCall, type RawAnswer } from '../helpers/modern-raw.js';

const STATE_KEY = 'cd'.repeat(32);
const DELETE_A = { name: 'files-delete', arguments: { path: '/tmp/a' } };
const ACCEPT = { approval: { action: 'accept', content: {} } };
const DELETED = { content: [{ type: 'text', text: '{"deleted":"/tmp/a"}' }] };

const start = useInteractiveHttpServers();

function requestStateOf(answer: RawAnswer): string {
  expect(answer.body.result).toMatchObject({ resultType: 'input_required' });
  return String(answer.body.result?.requestState);
}

/** Asks approval of `files-delete /tmp/a` on `url`, then approves it there: the module runs. */
async function approveOnce(url: string): Promise<string> {
  const state = requestStateOf(await postToolCall(url, DELETE_A));
  const approved = await postToolCall(url, {
    ...DELETE_A,
    inputResponses: ACCEPT,
    requestState: state,
  });
  expect(approved.body.result).toMatchObject(DELETED);
  return state;
}

function replay(url: string, state: string): Promise<RawAnswer> {
  return postToolCall(url, { ...DELETE_A, inputResponses: ACCEPT, requestState: state });
}

describe('an approval answered once runs the module once (2026-07-28)', () => {
  it('asks again when the same requestState and answer are sent again', async () => {
    const { url, probe, logger } = await start();
    const state = await approveOnce(url);
    for (let attempt = 0; attempt < 3; attempt++) {
      const replayed = await replay(url, state);
      expect(replayed.body.result).toMatchObject({
        resultType: 'input_required',
        inputRequests: { approval: { method: 'elicitation/create' } },
      });
      // The question again carries a state of its own, good for one answer.
      expect(replayed.body.result?.requestState).not.toBe(state);
    }
    expect(probe.ran).toEqual(['files.delete']);
    expect(logger.messages('warn')).toContain(
      'Ignored answers to a question already answered once (a replayed requestState); asking again',
    );
  });

  it('runs one of many concurrent retries carrying one answer', async () => {
    const { url, probe } = await start();
    const state = requestStateOf(await postToolCall(url, DELETE_A));
    const answers = await Promise.all(Array.from({ length: 6 }, () => replay(url, state)));
    const ran = answers.filter((answer) => answer.body.result?.resultType !== 'input_required');
    expect(ran).toHaveLength(1);
    expect(ran[0]?.body.result).toMatchObject(DELETED);
    expect(probe.ran).toEqual(['files.delete']);
  });

  it('honours the question asked again: its own answer runs the module once more', async () => {
    const { url, probe } = await start();
    const state = await approveOnce(url);
    const again = requestStateOf(await replay(url, state));
    expect((await replay(url, again)).body.result).toMatchObject(DELETED);
    expect(probe.ran).toEqual(['files.delete', 'files.delete']);
  });

  it('replays of elicit() answers start the call over instead of reusing them', async () => {
    const { url, probe } = await start();
    const call = { name: 'form-two_step', arguments: {} };
    const first = requestStateOf(await postToolCall(url, call));
    const folder = { elicitation: { action: 'accept', content: { folder: '/srv' } } };
    const second = requestStateOf(
      await postToolCall(url, { ...call, inputResponses: folder, requestState: first }),
    );
    const confirm = { elicitation: { action: 'accept', content: { confirm: true } } };
    const last = { ...call, inputResponses: confirm, requestState: second };
    const done = await postToolCall(url, last);
    expect(done.body.result).toMatchObject({
      content: [{ text: '{"folder":"/srv","confirmed":true}' }],
    });
    const replayed = await postToolCall(url, last);
    expect(replayed.body.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { elicitation: { params: { message: 'Which folder?' } } },
    });
    expect(probe.twoStepRuns).toBe(4);
  });

  it('says at startup that with a key of its own and no store, replays are refused per instance', async () => {
    const { logger } = await start({ stateKey: STATE_KEY });
    expect(logger.messages('warn')).toContainEqual(
      expect.stringMatching(/^A state key is given but no store: an approval answered once/),
    );
    const quiet = await start();
    expect(quiet.logger.messages('warn')).toEqual([]);
  });
});

const skip = redisSkipReason();

describe.skipIf(skip !== undefined)(
  `instances sharing a state key and a Redis store${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let redis: TestRedisServer;
    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterAll(async () => {
      await redis?.stop();
    });

    async function startInstance() {
      // Its own connection, as a separate process would have.
      const store = await createRedisLimitStore(redis.url);
      return start({ stateKey: STATE_KEY, store });
    }

    it('refuses on one instance an approval already used on another', async () => {
      const a = await startInstance();
      const b = await startInstance();
      const state = await approveOnce(a.url);
      for (const url of [b.url, a.url, b.url]) {
        expect((await replay(url, state)).body.result).toMatchObject({
          resultType: 'input_required',
        });
      }
      expect([...a.probe.ran, ...b.probe.ran]).toEqual(['files.delete']);
      // The question asked again on B is answered on A: any instance takes the fresh round.
      const again = requestStateOf(await replay(b.url, state));
      expect((await replay(a.url, again)).body.result).toMatchObject(DELETED);
      expect([...a.probe.ran, ...b.probe.ran]).toEqual(['files.delete', 'files.delete']);
      expect(a.logger.messages('warn')).not.toContainEqual(
        expect.stringMatching(/^A state key is given but no store/),
      );
    });

    it('refuses a retry while the store cannot answer, running nothing', async () => {
      const own = await startRedisServer();
      const logger = createRecordingLogger();
      const store = await createRedisLimitStore(own.url, { timeoutMs: 300, logger });
      const { url, probe } = await start({ stateKey: STATE_KEY, store });
      const state = requestStateOf(await postToolCall(url, DELETE_A));
      await own.stop();
      expect((await replay(url, state)).body.result).toMatchObject({
        isError: true,
        _meta: { 'apcore/errorCode': 'LIMIT_STORE_UNAVAILABLE' },
      });
      expect(probe.ran).toEqual([]);
    });
  },
);
