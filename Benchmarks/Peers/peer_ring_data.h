// The C++ data model of the SCXML peer ring (make-peer-ring-scxml.py): the two counters its guards and
// scripts read and write; qscxmlc compiles the expressions of the document into this class.
#pragma once
#include <QScxmlCppDataModel>

class PeerRingData : public QScxmlCppDataModel {
    Q_OBJECT
    Q_SCXML_DATAMODEL
public:
    int steps = 0;
    int attempts = 0;
};
