export { systemClock, createManualClock, type Clock } from './lib/clock';
