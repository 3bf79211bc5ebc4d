-- AlterEnum
ALTER TYPE "FeedKind" ADD VALUE 'corrections';
