import { defineProject } from 'vitest/config';
import { sharedTestConfig } from '../../vitest.shared.ts';

export default defineProject(sharedTestConfig('events-redis'));
