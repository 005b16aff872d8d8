import { fuzzGroup } from './suite';

fuzzGroup(4);
