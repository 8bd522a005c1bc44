import { connectOverInMemory } from '../../test/helpers/connect.js';
import { describeInteractionBehaviour } from '../../test/helpers/interaction-behaviour.js';

describeInteractionBehaviour('InMemory', connectOverInMemory);
