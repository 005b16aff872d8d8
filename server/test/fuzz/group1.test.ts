import { fuzzGroup } from './suite';

fuzzGroup(0);
