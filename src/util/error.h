// Errors that reach the user. The CLI turns each into one line on stderr and exit code 2.
#pragma once
#include <stdexcept>
#include <string>

namespace cgtlab {

// Malformed or out-of-range input: bad expression, bad graph spec, unknown vertex,
// negative count, a cycle where a DAG is needed, a size beyond a stated cap.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A search stopped early at --max-positions or the memory cap. Never a partial answer.
class CapReached : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace cgtlab
