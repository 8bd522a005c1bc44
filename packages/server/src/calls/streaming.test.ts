import { connectOverInMemory } from '../../test/helpers/connect.js';
import { describeStreamingBehaviour } from '../../test/helpers/streaming-behaviour.js';

describeStreamingBehaviour('InMemory', connectOverInMemory);
