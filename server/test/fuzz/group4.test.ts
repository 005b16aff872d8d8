import { fuzzGroup } from './suite';

fuzzGroup(3);
