import { connectOverHttp } from '../helpers/connect.js';
import { describeInteractionBehaviour } from '../helpers/interaction-behaviour.js';
import { describeStreamingBehaviour } from '../helpers/streaming-behaviour.js';

describeStreamingBehaviour('Streamable HTTP', connectOverHttp);
describeInteractionBehaviour('Streamable HTTP', connectOverHttp);
