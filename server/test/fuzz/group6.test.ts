import { fuzzGroup } from './suite';

fuzzGroup(5);
