// Stages of a long test: the path since launch, checkpoints, and replaying the path to resume a stage.
export { StagePath, replayPath, reachCheckpoint, type AgentStepRef, type Checkpoint, type CheckpointReached, type PathEntry, type PathRecord } from './path.js';
